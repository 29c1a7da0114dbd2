import { Form } from "react-router";
import { formatDateTimeGB } from "~/domain/shared/dates";

export interface PreOrderBatchView {
  recordId: number;
  title: string;
  artist: string;
  orders: { orderNumber: string; quantity: number; state: "to_charge" | "held" | "paid"; heldUntil: string | null }[];
}

const STATE_WORDS = { to_charge: "Card saved", held: "Declined, held", paid: "Paid" } as const;
const STATE_TONES = {
  to_charge: "bg-violet-100 text-violet-900",
  held: "bg-amber-100 text-amber-950",
  paid: "bg-green-100 text-green-900",
} as const;

/**
 * The dispatch queue's release-day batches: per record released today, its pre-orders set aside for orders not yet
 * gone out, and one action that charges the saved cards and prints the slips of the paid orders only.
 */
export function PreOrderBatches({ batches }: { batches: PreOrderBatchView[] }) {
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="release-day-heading" className="mt-6">
      <h2 id="release-day-heading" className="font-display text-xl font-bold">
        Released today: pre-orders
      </h2>
      <p className="mt-1 max-w-prose text-sm text-stone-600">
        Each batch charges the saved cards once (run again, nobody is charged twice) and prints the slips of the paid orders. A
        declined card is held 72 hours for the customer to pay with another.
      </p>
      <ul className="mt-3 grid gap-4">
        {batches.map((batch) => {
          const toCharge = batch.orders.filter((o) => o.state === "to_charge").length;
          return (
            <li
              key={batch.recordId}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
              data-testid="pre-order-batch"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="font-semibold">
                  {batch.title} <span className="font-normal text-stone-600">— {batch.artist}</span>
                </h3>
                <Form method="post" action="/admin/shipping-management/pre-order-batch" reloadDocument>
                  <input type="hidden" name="recordId" value={batch.recordId} />
                  <button
                    type="submit"
                    className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700"
                  >
                    {toCharge > 0 ? `Charge ${toCharge} and print slips` : "Print slips of the paid orders"}
                  </button>
                </Form>
              </div>
              <ul className="mt-3 divide-y divide-stone-100 text-sm">
                {batch.orders.map((o) => (
                  <li key={o.orderNumber} className="grid grid-cols-[auto_auto_1fr] items-center gap-x-4 gap-y-1 py-2">
                    <span className="font-mono">{o.orderNumber}</span>
                    <span className="text-stone-600">{o.quantity} ×</span>
                    <span className={`justify-self-end rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[o.state]}`}>
                      {STATE_WORDS[o.state]}
                      {o.state === "held" && o.heldUntil ? ` until ${formatDateTimeGB(o.heldUntil)}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
