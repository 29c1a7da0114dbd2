import { Icon } from "~/components/icons/icon";
import { useRef } from "react";
import type { CartSummaryLine } from "~/domain/cart/cart-summary";
import { recordFetcherKey, recordFormButton } from "./record-forms";
import { useRecordFetcher } from "./record-fetcher";
import { ShopperForm, useShopperFetcher } from "./shopper-form";

/** Whether a record can go in the cart, and under which words (spec §4 stock and pre-order states). */
export type Availability = "available" | "pre-order" | "out-of-stock";

export function availabilityOf(stockQuantity: number, isPreOrder: boolean): Availability {
  if (isPreOrder) return "pre-order";
  return stockQuantity > 0 ? "available" : "out-of-stock";
}

// Component classes in app.css: a grid repeats this button on every card.
const SIZES = { card: "btn-card", large: "btn-large" } as const;

/**
 * The add-to-cart button of a record page, card or crate: it posts intent=add to /cart through the page's
 * shared form (back to this page without JavaScript, the record's fetcher with it; see RecordForms). A record
 * that cannot be sold gets a disabled "Out of stock" button instead; a pre-order says "Pre-order".
 */
export function AddToCartButton({
  recordId,
  title,
  availability,
  size = "card",
  nameWithTitle = false,
}: {
  recordId: number;
  title: string;
  availability: Availability;
  size?: keyof typeof SIZES;
  /** Cards in a grid say which record the button is for (screen readers list the buttons out of context). */
  nameWithTitle?: boolean;
}) {
  const busy = useRecordFetcher(recordFetcherKey("cart-add", recordId)).state !== "idle";
  const base = `btn ${SIZES[size]}`;
  const label = availability === "out-of-stock" ? "Out of stock" : availability === "pre-order" ? "Pre-order" : "Add to cart";
  // The visible words first, so speech users can say what they see.
  const name = nameWithTitle ? `${label}: ${title}` : undefined;
  if (availability === "out-of-stock") {
    return (
      <button type="button" disabled aria-label={name} className={`${base} cursor-not-allowed bg-stone-200 text-stone-600`}>
        {label}
      </button>
    );
  }
  return (
    // The form's props go last: a leading spread is slow on this Node (docs/decisions/0040-no-leading-spreads.md).
    <button
      aria-label={name}
      aria-busy={busy || undefined}
      className={`${base} ${availability === "pre-order" ? "btn-pre-order" : "btn-ink"}`}
      {...recordFormButton("cart-add", recordId)}
    >
      <Icon name="shopping-bag" />
      {label}
    </button>
  );
}

const stepButton =
  "grid h-9 w-9 place-items-center rounded-full ring-1 ring-stone-300 bg-white text-ink transition hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

/** −, the quantity and + for a line. The page also lets the quantity be typed; the drawer only shows it. */
export function QuantityControls({
  line,
  redirectTo,
  editable = false,
}: {
  line: CartSummaryLine;
  redirectTo?: string;
  editable?: boolean;
}) {
  const minus = useShopperFetcher();
  const plus = useShopperFetcher();
  const set = useShopperFetcher();
  const input = useRef<HTMLInputElement>(null);
  const unsellable = line.issue === "unavailable" || line.issue === "out-of-stock";
  const atMax = line.quantity >= line.maxQuantity;
  return (
    <div className="flex items-center gap-1.5">
      <ShopperForm
        action="/cart"
        fields={{ intent: "decrement", recordId: line.recordId }}
        redirectTo={redirectTo}
        onSubmit={minus.onSubmit}
      >
        <button type="submit" className={stepButton} aria-label={`Decrease quantity of ${line.title}`} disabled={minus.busy}>
          <Icon name="minus" className="h-4 w-4" />
        </button>
      </ShopperForm>
      {editable ? (
        <ShopperForm
          action="/cart"
          fields={{ intent: "set", recordId: line.recordId }}
          redirectTo={redirectTo}
          onSubmit={(event) => {
            set.onSubmit(event);
            // The typed number is sent as it is (the answer says "Only n in stock"); the box shows what the cart can hold.
            if (input.current && Number(input.current.value) > line.maxQuantity && !unsellable)
              input.current.value = String(line.maxQuantity);
          }}
          className="flex items-center gap-1"
        >
          <label className="sr-only" htmlFor={`quantity-${line.recordId}`}>
            Quantity of {line.title}
          </label>
          <input
            ref={input}
            id={`quantity-${line.recordId}`}
            key={line.quantity}
            type="number"
            name="quantity"
            inputMode="numeric"
            min={0}
            // No max: the browser would refuse a number over the stock silently; the cart lowers it and says so.
            step={1}
            required
            defaultValue={line.quantity}
            onBlur={(e) => {
              // With JavaScript a changed number is saved on leaving the box (Enter saves it too).
              if (e.currentTarget.value !== String(line.quantity) && e.currentTarget.checkValidity())
                e.currentTarget.form?.requestSubmit();
            }}
            className="h-9 w-14 rounded-md border border-stone-300 bg-white text-center text-base tabular-nums"
          />
          <noscript>
            <button
              type="submit"
              className="rounded-md px-2 py-1 text-sm font-semibold text-needle-dark underline underline-offset-2"
            >
              Update
            </button>
          </noscript>
        </ShopperForm>
      ) : (
        <span
          className="min-w-8 text-center font-semibold tabular-nums"
          aria-label={`Quantity of ${line.title}: ${line.quantity}`}
        >
          {line.quantity}
        </span>
      )}
      <ShopperForm
        action="/cart"
        fields={{ intent: "increment", recordId: line.recordId }}
        redirectTo={redirectTo}
        onSubmit={plus.onSubmit}
      >
        <button
          type="submit"
          className={stepButton}
          aria-label={`Increase quantity of ${line.title}`}
          disabled={plus.busy || unsellable || atMax}
        >
          <Icon name="plus" className="h-4 w-4" />
        </button>
      </ShopperForm>
    </div>
  );
}

export function RemoveLineButton({ line, redirectTo }: { line: CartSummaryLine; redirectTo?: string }) {
  const { onSubmit, busy } = useShopperFetcher();
  return (
    <ShopperForm
      action="/cart"
      fields={{ intent: "remove", recordId: line.recordId }}
      redirectTo={redirectTo}
      onSubmit={onSubmit}
    >
      <button
        type="submit"
        disabled={busy}
        aria-label={`Remove ${line.title} from cart`}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-stone-600 hover:bg-stone-100 hover:text-red-800 disabled:opacity-50"
      >
        <Icon name="trash" className="h-4 w-4" />
        Remove
      </button>
    </ShopperForm>
  );
}

export function ClearCartButton({ redirectTo, className = "" }: { redirectTo?: string; className?: string }) {
  const { onSubmit, busy } = useShopperFetcher();
  return (
    <ShopperForm action="/cart" fields={{ intent: "clear" }} redirectTo={redirectTo} onSubmit={onSubmit} className={className}>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 hover:text-red-800 disabled:opacity-50"
      >
        <Icon name="trash" className="h-4 w-4" />
        Clear cart
      </button>
    </ShopperForm>
  );
}
