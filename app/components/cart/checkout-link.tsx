import { useId } from "react";
import { checkoutBlockedReason, type CartSummary } from "~/domain/cart/cart-summary";
import { Link } from "react-router";

const look = "inline-flex w-full items-center justify-center rounded-full px-6 py-3 font-semibold";

/** "Checkout", or a disabled one with the reason while some line needs the shopper's attention. */
export function CheckoutLink({ cart }: { cart: CartSummary }) {
  const id = useId();
  const reason = checkoutBlockedReason(cart);
  if (!reason) {
    return (
      <Link to="/checkout" className={`${look} bg-needle text-white hover:bg-needle-dark`}>
        Checkout
      </Link>
    );
  }
  return (
    <div className="space-y-2">
      {/* No href: a disabled link goes nowhere, and says why. */}
      <a
        role="link"
        aria-disabled="true"
        aria-describedby={id}
        className={`${look} cursor-not-allowed bg-stone-300 text-stone-600`}
      >
        Checkout
      </a>
      <p id={id} className="text-sm text-amber-900">
        {reason}
      </p>
    </div>
  );
}
