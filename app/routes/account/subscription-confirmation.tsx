import { Icon } from "~/components/icons/icon";
import { redirect, Link } from "react-router";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence, vatIncludedPence } from "~/domain/shared/money";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscription-confirmation";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Welcome to the record club", description: "Your record club membership." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const membership = context.services.club.membership(user.id, { today: context.today });
  // Back from Stripe's page before its paid invoice has reached us: say so rather than send them to sign up again.
  const pending = url.searchParams.get("pending") === "1";
  if (!membership && pending && context.services.club.joinsOnProviderPage()) return { membership: null };
  // Nothing to confirm yet: the sign-up page.
  if (!membership) throw redirect("/subscribe");
  return { membership };
}

export default function SubscriptionConfirmation({ loaderData }: Route.ComponentProps) {
  const m = loaderData.membership;
  if (!m) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10 lg:px-8">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8" data-testid="club-pending">
          <h1 className="font-display text-3xl font-bold">Thank you</h1>
          <p className="mt-2 text-stone-700">
            We are waiting for the payment provider to confirm your first payment. This usually takes a few seconds: reload this
            page in a moment, and a confirmation will reach your inbox.
          </p>
          <p className="mt-6 text-sm">
            <Link
              to="/subscription-confirmation?pending=1"
              className="font-semibold text-needle-dark underline underline-offset-2"
            >
              Check again
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 lg:px-8">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <Icon name="circle-check" className="size-10 text-emerald-700" />
        <h1 className="mt-3 font-display text-3xl font-bold">Welcome to the record club</h1>
        <p className="mt-2 text-stone-700">Thank you for joining. A confirmation is on its way to your inbox.</p>
        <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm font-medium text-stone-600">Plan</dt>
          <dd data-testid="club-plan">{m.plan.name}</dd>
          <dt className="text-sm font-medium text-stone-600">Favourite genre</dt>
          <dd>{m.favouriteGenre}</dd>
          <dt className="text-sm font-medium text-stone-600">Paid today</dt>
          <dd>
            {formatPence(m.plan.pricePence)} (incl. {formatPence(vatIncludedPence(m.plan.pricePence))} VAT and Royal Mail
            delivery){m.cardLast4 ? `, card •••• ${m.cardLast4}` : ""}
          </dd>
          <dt className="text-sm font-medium text-stone-600">First record ships by</dt>
          <dd data-testid="club-first-shipment">{formatDateGB(m.nextShipmentOn)}</dd>
          <dt className="text-sm font-medium text-stone-600">Next payment</dt>
          <dd>{m.nextPaymentOn ? `${formatPence(m.plan.pricePence)} on ${formatDateGB(m.nextPaymentOn)}` : "None"}</dd>
        </dl>
        <p className="mt-6 flex flex-wrap gap-4 text-sm">
          <Link to="/profile#club" className="font-semibold text-needle-dark underline underline-offset-2">
            Manage your membership
          </Link>
          <Link to="/browse" className="font-semibold text-needle-dark underline underline-offset-2">
            Keep browsing
          </Link>
        </p>
      </div>
    </div>
  );
}
