import { Icon } from "~/components/icons/icon";
import { useEffect, useRef } from "react";
import type { CheckoutProblem } from "~/domain/checkout/checkout-problems";
import type { CartLineIssue } from "~/domain/cart/cart";
import { formatPence } from "~/domain/shared/money";
import { Link } from "react-router";

/**
 * A message about the whole checkout (declined card, out of stock, total changed). With JavaScript the page
 * does not reload, so focus moves to it: the shopper (and a screen reader) notices it wherever they were.
 */
export function CheckoutNotice({ problem }: { problem: CheckoutProblem }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [problem]);
  const error = problem.tone === "error";
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={error ? "alert" : "status"}
      className={`mt-6 flex scroll-mt-24 gap-3 rounded-xl border px-4 py-3 text-sm focus:outline-none ${
        error ? "border-red-300 bg-red-50 text-red-900" : "border-sky-300 bg-sky-50 text-sky-950"
      }`}
    >
      <Icon name={error ? "circle-alert" : "info"} className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-medium">{problem.message}</p>
        {problem.changes && (
          <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="price-changes">
            {problem.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        )}
        {problem.changes && <p className="mt-2">Check your order, then press Pay to accept the new total.</p>}
        {problem.cartLink && (
          <Link to="/cart" className="mt-1 inline-block font-semibold underline underline-offset-2">
            Go to your cart
          </Link>
        )}
      </div>
    </div>
  );
}

export interface ReviewLine {
  recordId: number;
  title: string;
  artist: string;
  quantity: number;
  maxQuantity: number;
  issue: CartLineIssue | null;
  pricePence: number;
}

function issueText(line: ReviewLine): string | null {
  if (line.issue === "unavailable") return "No longer available";
  if (line.issue === "out-of-stock") return "Out of stock";
  if (line.issue === "insufficient-stock") return `Only ${line.maxQuantity} left (you asked for ${line.quantity})`;
  if (line.issue === "over-limit") return `Limited to ${line.maxQuantity} per customer (you asked for ${line.quantity})`;
  if (line.issue === "not-on-sale-yet") return "Not on sale yet";
  return null;
}

/** The cart cannot be bought as it stands: which records need a look, and the way back to the cart. */
export function CartNeedsReview({ lines }: { lines: readonly ReviewLine[] }) {
  return (
    <section aria-labelledby="review-heading" className="mt-6 max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
      <h2 id="review-heading" className="font-display text-2xl font-bold">
        Please review your cart
      </h2>
      <p className="mt-2 text-stone-600">
        Some records can no longer be bought as they are in your cart. Nothing has been charged.
      </p>
      <ul className="mt-4 divide-y divide-stone-200">
        {lines.map((line) => {
          const issue = issueText(line);
          return (
            <li key={line.recordId} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium">
                  {line.quantity} × {line.artist ? `${line.artist} – ` : ""}
                  {line.title}
                </p>
                {issue && <p className="mt-0.5 font-semibold text-red-800">{issue}</p>}
              </div>
              {!line.issue && <p className="tabular-nums">{formatPence(line.pricePence * line.quantity)}</p>}
            </li>
          );
        })}
      </ul>
      <Link
        to="/cart"
        className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle"
      >
        Review your cart
      </Link>
    </section>
  );
}

export function EmptyCheckout() {
  return (
    <section className="mt-6 max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
      <h2 className="font-display text-2xl font-bold">Your cart is empty</h2>
      <p className="mt-2 text-stone-600">Find something to spin first.</p>
      <Link
        to="/browse"
        className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle"
      >
        Browse records
      </Link>
    </section>
  );
}
