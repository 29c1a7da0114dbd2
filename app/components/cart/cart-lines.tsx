import { Icon } from "~/components/icons/icon";
import { CoverImage } from "~/components/cover-image";
import { formatPence, VAT_RATE_PERCENT } from "~/domain/shared/money";
import { hasMarginLines } from "~/domain/vat/invoice-vat";
import { MarginSchemeNote } from "~/components/checkout/margin-scheme-note";
import { lineIssueText, type CartSummary, type CartSummaryLine } from "~/domain/cart/cart-summary";
import { QuantityControls, RemoveLineButton } from "./cart-controls";
import { Link } from "react-router";

/** One line of the cart: cover, title and artist, price, quantity controls, remove, line total. */
export function CartLine({
  line,
  variant,
  redirectTo,
}: {
  line: CartSummaryLine;
  variant: "page" | "drawer";
  redirectTo?: string;
}) {
  const issue = lineIssueText(line);
  const page = variant === "page";
  const name = (
    <>
      <span className="block leading-snug font-semibold">{line.title}</span>
      {line.artist && <span className="block text-sm text-stone-600">{line.artist}</span>}
    </>
  );
  return (
    <li
      data-testid="cart-line"
      data-record-id={line.recordId}
      className={`flex gap-3 py-4 sm:gap-4 ${issue ? "rounded-lg bg-amber-50 px-3 ring-1 ring-amber-300" : ""}`}
    >
      <div className={`shrink-0 overflow-hidden rounded bg-stone-200 ${page ? "h-20 w-20 sm:h-24 sm:w-24" : "h-16 w-16"}`}>
        {line.coverUrl && (
          <CoverImage
            src={line.coverUrl}
            alt=""
            width={160}
            height={160}
            sizes={page ? "96px" : "64px"}
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {line.path ? (
              <Link to={line.path} className="hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
            <span className="mt-0.5 block text-sm text-stone-600">
              {line.pricePence > 0 && <span>{formatPence(line.pricePence)} each</span>}
              {line.isPreOrder && (
                <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-indigo-900">
                  Pre-order
                </span>
              )}
            </span>
          </div>
          <span
            className={`shrink-0 font-semibold tabular-nums ${issue ? "text-stone-500 line-through" : ""}`}
            data-testid="line-total"
          >
            {issue ? formatPence(line.pricePence * line.quantity) : formatPence(line.lineTotalPence)}
          </span>
        </div>
        {issue && (
          <p className="flex items-center gap-1.5 text-sm font-semibold text-amber-900" data-testid="line-issue">
            <Icon name="alert-triangle" className="h-4 w-4 shrink-0" />
            {issue}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QuantityControls line={line} redirectTo={redirectTo} editable={page} />
          <RemoveLineButton line={line} redirectTo={redirectTo} />
        </div>
      </div>
    </li>
  );
}

function Row({
  term,
  children,
  strong = false,
  testId,
}: {
  term: string;
  children: React.ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-stone-300 pt-3 text-lg font-bold" : ""}`}>
      <dt>{term}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Subtotal, discount, shipping (Royal Mail), total and the VAT it includes, over the lines that can be bought. */
export function CartTotals({ cart }: { cart: CartSummary }) {
  const { totals, discount } = cart;
  const margin = hasMarginLines(cart.lines);
  return (
    <div className="space-y-3">
      <dl className="space-y-2">
        <Row term="Subtotal" testId="cart-subtotal">
          {formatPence(totals.itemsPence)}
        </Row>
        {discount?.ok && totals.discountPence > 0 && (
          <Row term={`Discount (${discount.code})`} testId="cart-discount">
            −{formatPence(totals.discountPence)}
          </Row>
        )}
        <Row term="Shipping (Royal Mail)" testId="cart-shipping">
          {formatPence(totals.shippingPence)}
        </Row>
        <Row term="Total" strong testId="cart-total">
          {formatPence(totals.totalPence)}
        </Row>
      </dl>
      <p className="text-right text-sm text-stone-600" data-testid="cart-vat">
        Includes VAT ({VAT_RATE_PERCENT}%){margin ? " on new records and shipping" : ""} {formatPence(totals.vatPence)}
      </p>
      {margin && <MarginSchemeNote />}
      {/* The cart is priced for the UK; other countries are chosen, and priced, at checkout. */}
      <p className="text-xs text-stone-600" data-testid="cart-abroad">
        Delivering outside the UK? Choose your country at checkout.
      </p>
    </div>
  );
}
