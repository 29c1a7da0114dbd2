import { Link } from "react-router";
import { CheckoutNotice } from "~/components/checkout/notices";
import { VoucherForm } from "~/components/vouchers/voucher-form";
import { pageMeta } from "~/lib/seo";
import { buyFromPage, loadBuyPage } from "./buy.server";
import type { Route } from "./+types/buy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Gift vouchers",
    description: "Give a Needledrop gift voucher: e-mailed on the day you choose, or printed at home.",
  });

export const loader = ({ request, url, context }: Route.LoaderArgs) => loadBuyPage(request, url, context);

export const action = ({ request, context }: Route.ActionArgs) => buyFromPage(request, context);

export default function GiftVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Gift vouchers</h1>
      <p className="mt-2 text-stone-700">
        Let them choose the record. Spend it on anything in the shop for two years; check a voucher&rsquo;s balance{" "}
        <Link to="/gift-vouchers/balance" className="font-semibold text-needle-dark underline underline-offset-2">
          here
        </Link>
        .
      </p>
      {page.cancelled && <CheckoutNotice problem={{ tone: "info", message: "Payment cancelled. Nothing has been charged." }} />}
      {actionData?.problem && <CheckoutNotice problem={{ tone: "error", message: actionData.problem }} />}
      <div className="mt-6">
        <VoucherForm
          provider={page.provider.kind}
          today={page.today}
          lastSendDate={page.lastSendDate}
          email={page.email}
          idempotencyKey={actionData?.idempotencyKey ?? page.idempotencyKey}
          lastResult={actionData?.result}
        />
      </div>
    </div>
  );
}
