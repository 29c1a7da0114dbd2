import { Icon } from "~/components/icons/icon";
import { data, Link } from "react-router";
import { ClearCartButton } from "~/components/cart/cart-controls";
import { CartLine, CartTotals } from "~/components/cart/cart-lines";
import { CheckoutLink } from "~/components/cart/checkout-link";
import { ShopperForm, useShopperFetcher } from "~/components/cart/shopper-form";
import { answerShopperPost, cookieHeaders, loadCart } from "~/lib/cart-state.server";
import { itemsText, type CartSummary } from "~/domain/cart/cart-summary";
import { runForm } from "~/lib/forms/form-action.server";
import { pageMeta } from "~/lib/seo";
import { cartAnswer, cartIntents } from "./cart.server";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Your cart", description: "The records in your Needledrop cart, with shipping and total." }),
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const { summary, discard } = loadCart(request, context);
  return data({ cart: summary }, { headers: cookieHeaders(discard) });
}

/**
 * Every cart change, by `intent` (see ~/domain/cart/cart-intent): add, increment, decrement, set, remove, clear,
 * apply-code, remove-code. A plain form post gets a 303 to `redirectTo` (or /cart) with the toast in a
 * cookie; a fetcher gets the toast as data and the root loader revalidates.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const answer = cartAnswer(await runForm(formData, cartIntents(request, context)));
  return answerShopperPost(request, formData, { ...answer, fallback: "/cart" });
}

function DiscountForm({ cart }: { cart: CartSummary }) {
  const apply = useShopperFetcher();
  const remove = useShopperFetcher();
  const { discount } = cart;
  return (
    <section aria-labelledby="discount-heading" className="space-y-3">
      <h2 id="discount-heading" className="flex items-center gap-2 font-semibold">
        <Icon name="tag" className="h-4 w-4" /> Discount code
      </h2>
      {discount && (
        <div
          data-testid="discount-status"
          className={`flex items-start justify-between gap-3 rounded-md px-3 py-2 text-sm ${
            discount.ok ? "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-300" : "bg-red-50 text-red-900 ring-1 ring-red-300"
          }`}
        >
          <p>
            <strong className="font-mono">{discount.code}</strong>: {discount.message}
          </p>
          <ShopperForm action="/cart" fields={{ intent: "remove-code" }} redirectTo="/cart" onSubmit={remove.onSubmit}>
            <button
              type="submit"
              className="inline-flex shrink-0 items-center gap-1 font-semibold whitespace-nowrap underline underline-offset-2"
              disabled={remove.busy}
            >
              <Icon name="x" className="h-3.5 w-3.5" />
              Remove code
            </button>
          </ShopperForm>
        </div>
      )}
      <ShopperForm
        action="/cart"
        fields={{ intent: "apply-code" }}
        redirectTo="/cart"
        onSubmit={apply.onSubmit}
        className="flex gap-2"
      >
        <label htmlFor="discount-code" className="sr-only">
          Discount code
        </label>
        <input
          id="discount-code"
          name="code"
          required
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. VINYL10-ABC234"
          className="min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 py-2 text-base uppercase placeholder:normal-case"
        />
        <button
          type="submit"
          disabled={apply.busy}
          className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
        >
          Apply
        </button>
      </ShopperForm>
    </section>
  );
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData;
  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <Icon name="shopping-bag" className="h-14 w-14 text-stone-400" />
        <h1 className="mt-4 font-display text-3xl font-bold">Your cart is empty</h1>
        <p className="mt-2 text-stone-600">
          Find something to spin: new releases, pre-orders and the whole crate are a click away.
        </p>
        <Link to="/browse" className="mt-6 rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle-dark">
          Browse records
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">Your cart</h1>
          <p className="mt-1 text-stone-600">{itemsText(cart.itemCount)}</p>
        </div>
        <ClearCartButton redirectTo="/cart" />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <ul
          aria-label="Records in your cart"
          className="divide-y divide-stone-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-stone-200 sm:px-6"
        >
          {cart.lines.map((line) => (
            <CartLine key={line.recordId} line={line} variant="page" redirectTo="/cart" />
          ))}
        </ul>
        <aside aria-label="Order summary" className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
          <DiscountForm cart={cart} />
          <CartTotals cart={cart} />
          <CheckoutLink cart={cart} />
          <Link to="/browse" className="block text-center text-sm font-semibold text-needle-dark underline underline-offset-2">
            Keep browsing
          </Link>
        </aside>
      </div>
    </div>
  );
}
