import { ATTRIBUTION_DAYS } from "~/domain/cart/cart-reminder";

const number = (n: number) => n.toLocaleString("en-GB");

/** The dashboard's cart reminder figures over its 30-day period: reminders sent, and those that led to an order. */
export function CartReminderFigures({ sent, ledToOrder }: { sent: number; ledToOrder: number }) {
  const share = sent > 0 ? Math.round((ledToOrder / sent) * 100) : 0;
  return (
    <section aria-labelledby="cart-reminders-heading">
      <h2 id="cart-reminders-heading" className="mt-6 text-sm font-semibold tracking-wide text-stone-600 uppercase">
        Cart reminders, 30 days
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="reminders-sent">
          <dt className="text-sm text-stone-600">Reminders sent</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{number(sent)}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="reminders-ordered">
          <dt className="text-sm text-stone-600">Led to an order</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl">{number(ledToOrder)}</dd>
          <dd className="mt-1 text-xs text-stone-600">
            {sent > 0 ? `${share}% · ` : ""}paid within {ATTRIBUTION_DAYS} days, same address
          </dd>
        </div>
      </dl>
    </section>
  );
}
