import { SpriteIcon } from "~/components/icons/sprite";
import { ShopperForm, useShopper, useShopperFetcher } from "~/components/cart/shopper-form";

const LOOKS = {
  /** Over a card's cover. */
  overlay: "h-9 w-9 bg-white/90 shadow ring-1 ring-stone-200 hover:bg-white",
  /** Beside the add-to-cart button. */
  large: "h-12 w-12 bg-white ring-1 ring-stone-300 hover:bg-stone-100",
} as const;

/**
 * The heart: a toggle button (aria-pressed) posting add or remove to /favorites. With JavaScript it
 * flips at once and the header count follows; without, the page comes back with the heart filled.
 */
export function FavouriteToggle({
  recordId,
  title,
  look = "overlay",
}: {
  recordId: number;
  title: string;
  look?: keyof typeof LOOKS;
}) {
  const { favouriteIds } = useShopper();
  const { fetcher, onSubmit } = useShopperFetcher();
  const pending = fetcher.formData?.get("intent");
  const saved = pending ? pending === "add" : favouriteIds.includes(recordId);
  return (
    <ShopperForm action="/favorites" fields={{ intent: saved ? "remove" : "add", recordId }} onSubmit={onSubmit}>
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={saved ? `Remove ${title} from favourites` : `Add ${title} to favourites`}
        title={saved ? "Remove from favourites" : "Add to favourites"}
        className={`fav-toggle ${LOOKS[look]}`}
      >
        <SpriteIcon name={saved ? "heart-filled" : "heart"} className="h-5 w-5" />
      </button>
    </ShopperForm>
  );
}
