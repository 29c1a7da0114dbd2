import { Icon } from "~/components/icons/icon";
import { recordFetcherKey, recordFormButton } from "~/components/cart/record-forms";
import { useShopper } from "~/components/cart/shopper-form";
import { useRecordFetcher } from "~/components/cart/record-fetcher";

// Component classes in app.css: a grid repeats the overlay heart on every card.
const LOOKS = {
  /** Over a card's cover. */
  overlay: "fav-overlay",
  /** Beside the add-to-cart button. */
  large: "fav-large",
} as const;

/**
 * The heart: a toggle button (aria-pressed) posting add or remove to /favorites through the page's shared forms
 * (RecordForms). With JavaScript it flips at once and the header count follows; without, the page comes back with
 * the heart filled.
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
  const fetcher = useRecordFetcher(recordFetcherKey("favourite-add", recordId));
  const pending = fetcher.formData?.get("intent");
  const saved = pending ? pending === "add" : favouriteIds.includes(recordId);
  return (
    // The form's props go last (docs/decisions/0040-no-leading-spreads.md).
    <button
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from favourites` : `Add ${title} to favourites`}
      title={saved ? "Remove from favourites" : "Add to favourites"}
      className={LOOKS[look]}
      {...recordFormButton(saved ? "favourite-remove" : "favourite-add", recordId)}
    >
      <Icon name="heart" className={saved ? "fill-current" : undefined} />
    </button>
  );
}
