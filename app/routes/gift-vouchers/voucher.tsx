import { data, Link } from "react-router";
import { PrintButton } from "~/components/print-button";
import { PrintedVoucher } from "~/components/vouchers/printed-voucher";
import { Icon } from "~/components/icons/icon";
import { formatDateGB } from "~/domain/shared/dates";
import { NotFoundError, ValidationError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { formatVoucherCode } from "~/domain/vouchers/voucher-code";
import { giftVoucherPath } from "~/domain/vouchers/voucher-purchase";
import { readOrderTokens } from "~/lib/order-access.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/voucher";

/** While a payment is being confirmed the page looks again every few seconds (also without JavaScript). */
const REFRESH_SECONDS = 5;
/** One A4 sheet: the shop's chrome and this page's words stay off paper, the voucher fills it. */
const PAPER = "@page { size: A4; margin: 18mm; } @media print { html, body { background: white !important; } }";

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...(d
    ? pageMeta({ title: "Your gift voucher", description: "Your Needledrop gift voucher." })
    : [{ title: "404 Page Not Found | Needledrop" }]),
  ...(d?.voucher.orderStatus === "pending_payment" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const] : []),
  { name: "robots", content: "noindex" },
];

// The printed link comes from the configured origin, never a request header (as links in mail do).
// A printable voucher's code is in this answer once: no cache, not even the browser's, may keep it.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function loader({ request, context, url }: Route.LoaderArgs) {
  const orderNumber = url.searchParams.get("order") ?? "";
  try {
    const viewer = { userId: context.user?.id ?? null, accessTokens: readOrderTokens(request) };
    const { voucher, code } = context.services.giftVouchers.forBuyer(orderNumber, viewer, { reveal: true });
    return data(
      { voucher, code: code ? formatVoucherCode(code) : null, balanceUrl: context.services.links.page("/gift-vouchers/balance") },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // Someone else's order, a mistyped number, or an order that bought records: the same 404.
    if (error instanceof NotFoundError || error instanceof ValidationError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function GiftVoucherPage({ loaderData }: Route.ComponentProps) {
  const { voucher, code, balanceUrl } = loaderData;
  const amount = formatPence(voucher.amountPence);
  if (voucher.orderStatus === "pending_payment")
    return (
      <Page>
        <Heading icon="clock" tone="text-amber-600">
          Waiting for your payment to be confirmed
        </Heading>
        <p className="mt-3 text-stone-700">
          This page checks again every {REFRESH_SECONDS} seconds, or you can{" "}
          <Link to={giftVoucherPath(voucher.orderNumber)} reloadDocument className="font-semibold text-needle-dark underline">
            refresh it now
          </Link>
          .
        </p>
      </Page>
    );
  if (voucher.orderStatus === "payment_failed" || voucher.status !== "active")
    return (
      <Page>
        <Heading icon="circle-x" tone="text-red-700">
          {voucher.orderStatus === "payment_failed" ? "Payment not taken" : "This gift voucher was cancelled"}
        </Heading>
        <p className="mt-3 font-medium text-stone-800">
          {voucher.orderStatus === "payment_failed" ? "Nothing has been charged. " : ""}
          <Link to="/gift-vouchers" className="font-semibold text-needle-dark underline">
            Buy a gift voucher
          </Link>
        </p>
      </Page>
    );
  return (
    <Page>
      <style>{PAPER}</style>
      <div className="print:hidden">
        <Heading icon="circle-check" tone="text-emerald-700">
          Thank you: your {amount} gift voucher is paid
        </Heading>
        <p className="mt-3 text-stone-700">
          Receipt <strong className="font-mono text-ink">{voucher.orderNumber}</strong> · sent to{" "}
          <strong>{voucher.buyerEmail}</strong> · valid until {formatDateGB(voucher.expiresOn)}
        </p>
        {voucher.delivery === "email" && (
          <p className="mt-3 text-stone-700" data-testid="voucher-sending">
            {voucher.mailed ? "We have e-mailed it" : "We will e-mail it"} to {voucher.recipientName} ({voucher.recipientEmail})
            {voucher.mailed ? "." : ` on ${formatDateGB(voucher.sendOn)}.`} The code goes to them alone.
          </p>
        )}
        {voucher.delivery === "print" && code && (
          <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" role="note">
            <p className="font-semibold">This code is shown only once.</p>
            <p>Print the voucher now, or write the code down: it is like cash, and we cannot show it again.</p>
            <PrintButton
              label="Print the voucher"
              withoutScript={<p className="mt-2">Use your browser&rsquo;s Print command: the voucher fills one A4 page.</p>}
              className="mt-3 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle"
            />
          </div>
        )}
        {voucher.delivery === "print" && !code && (
          <p className="mt-4 rounded-xl bg-stone-100 px-4 py-3 text-stone-800" role="status">
            This voucher&rsquo;s code has been shown already (it ends in{" "}
            <strong className="font-mono">{voucher.codeLast4}</strong>). If it was lost, contact us and we can send a new one.
          </p>
        )}
      </div>
      {voucher.delivery === "print" && code && (
        <PrintedVoucher
          amountPence={voucher.amountPence}
          code={code}
          expiresOn={voucher.expiresOn}
          recipientName={voucher.recipientName}
          message={voucher.message}
          balanceUrl={balanceUrl}
        />
      )}
      <div className="mt-8 flex flex-wrap gap-3 print:hidden">
        <Link to="/browse" className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle">
          Continue shopping
        </Link>
        <Link
          to="/gift-vouchers"
          className="rounded-full border border-ink px-6 py-3 text-sm font-semibold text-ink hover:bg-ink hover:text-white"
        >
          Buy another voucher
        </Link>
      </div>
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12 lg:px-8 print:max-w-none print:p-0">{children}</div>;
}

function Heading({
  icon,
  tone,
  children,
}: {
  icon: "clock" | "circle-x" | "circle-check";
  tone: string;
  children: React.ReactNode;
}) {
  return (
    <h1 className="flex items-center gap-3 font-display text-3xl font-bold sm:text-4xl">
      <Icon name={icon} className={`size-8 shrink-0 ${tone}`} />
      {children}
    </h1>
  );
}
