import { useCallback } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useToast } from "~/components/toasts";
import { EMPTY_CART_SUMMARY, type CartSummary } from "~/domain/cart/cart-summary";
import type { Toast } from "~/domain/shared/toast";

/** The cart and favourites the root loader reads for every page (badges, drawer, heart buttons). */
export interface ShopperState {
  cart: CartSummary;
  favouriteIds: readonly number[];
}

const NO_SHOPPER: ShopperState = { cart: EMPTY_CART_SUMMARY, favouriteIds: [] };

/** The root's shopper state; empty where there is no root data (the error page of a failed root, tests). */
export function useShopper(): ShopperState {
  const root = useRouteLoaderData("root") as { shopper?: ShopperState } | undefined;
  return root?.shopper ?? NO_SHOPPER;
}

/** What the /cart and /favorites actions answer a script. */
export interface ShopperAnswer {
  toast: Toast | null;
}

/**
 * A fetcher for a shopper form: with JavaScript the form is sent without leaving the page (the root
 * loader then revalidates, so badges and the drawer follow) and the answer's toast pops up. The form's
 * `redirectTo` is dropped, which tells the action to answer with data instead of a redirect.
 *
 * A form that its own answer removes from the page (the last favourite's Remove, Clear) cannot pop its toast up:
 * React may never run its effect before it unmounts. Such forms share a keyed fetcher (`key`, `toasts: false`) with
 * a component that stays, which shows the toasts.
 */
export function useShopperFetcher({ key, toasts = true }: { key?: string; toasts?: boolean } = {}) {
  const fetcher = useFetcher<ShopperAnswer>(key ? { key } : undefined);
  useToast(toasts ? fetcher.data?.toast : null);
  const { submit } = fetcher;
  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
      formData.delete("redirectTo");
      void submit(formData, { method: "post", action: form.getAttribute("action") ?? undefined });
    },
    [submit],
  );
  return { fetcher, onSubmit, busy: fetcher.state !== "idle" };
}

interface ShopperFormProps {
  action: "/cart" | "/favorites";
  /** Hidden fields (intent, recordId…). */
  fields: Record<string, string | number>;
  /** Where a plain form post lands afterwards; the current page by default. */
  redirectTo?: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: React.ReactNode;
}

/** A real <form method="post"> (so it works without JavaScript) that `useShopperFetcher` enhances. */
export function ShopperForm({ action, fields, redirectTo, onSubmit, className, children }: ShopperFormProps) {
  const location = useLocation();
  return (
    <form method="post" action={action} onSubmit={onSubmit} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />
      {children}
    </form>
  );
}
