import { Icon } from "~/components/icons/icon";
import { useEffect, useRef } from "react";
import { itemsText } from "~/domain/cart/cart-summary";
import { ClearCartButton } from "./cart-controls";
import { CartLine, CartTotals } from "./cart-lines";
import { CheckoutLink } from "./checkout-link";
import { useShopper } from "./shopper-form";
import { Link } from "react-router";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Spec §2 cart drawer 'Your Cart', opened from the header's cart button when JavaScript runs (without it
 * that button is a link to /cart). A modal dialog: focus moves in and stays in, Escape and the backdrop
 * close it, and focus goes back to the button. The root closes it on every route change.
 */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { cart } = useShopper();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== "Tab" || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      } else if (!panel.current.contains(document.activeElement)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      // Back to the cart button, unless the page moved on (then the new page decides).
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  const empty = cart.lines.length === 0;
  return (
    <>
      <div data-testid="cart-backdrop" aria-hidden className="fixed inset-0 z-[45] bg-black/50" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-drawer-title"
        className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col overflow-y-auto bg-paper shadow-2xl"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-stone-200 bg-paper px-5 py-4">
          <h2 id="cart-drawer-title" className="font-display text-2xl font-bold">
            Your Cart
          </h2>
          <div className="flex items-center gap-3">
            {!empty && <span className="text-sm text-stone-600">{itemsText(cart.itemCount)}</span>}
            <button
              ref={closeButton}
              type="button"
              onClick={onClose}
              aria-label="Close cart"
              className="rounded-full p-2 hover:bg-stone-200"
            >
              <Icon name="x" className="h-5 w-5" />
            </button>
          </div>
        </div>
        {empty ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <Icon name="shopping-bag" className="h-12 w-12 text-stone-400" />
            <p className="text-stone-700">Your cart is empty.</p>
            <Link to="/browse" className="rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-needle-dark">
              Browse records
            </Link>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-stone-200 px-5" aria-label="Records in your cart">
              {cart.lines.map((line) => (
                <CartLine key={line.recordId} line={line} variant="drawer" />
              ))}
            </ul>
            {/* From 640 px the totals stay in view while the lines scroll; on a phone everything scrolls. */}
            <div className="space-y-4 border-t border-stone-200 bg-white px-5 py-4 sm:sticky sm:bottom-0">
              <CartTotals cart={cart} />
              <CheckoutLink cart={cart} />
              <div className="flex items-center justify-between gap-3">
                <Link to="/cart" className="text-sm font-semibold text-needle-dark underline underline-offset-2">
                  View cart
                </Link>
                <ClearCartButton />
              </div>
            </div>
          </>
        )}
      </div>
    </>
  );
}
