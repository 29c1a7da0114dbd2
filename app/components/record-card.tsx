import { Link } from "react-router";
import type { CardTrack } from "~/domain/catalogue/record-api";
import { formatLabel } from "~/domain/catalogue/formats";
import { GRADE_EXPLANATIONS } from "~/domain/catalogue/grades";
import { recordPath } from "~/domain/catalogue/slug";
import { stockState, stockWording } from "~/domain/catalogue/stock";
import { AddToCartButton, availabilityOf } from "./cart/cart-controls";
import { CoverImage } from "./cover-image";
import { FavouriteToggle } from "./favourites/favourite-toggle";

// A card is a quarter of the content column from 768 px (less the 256 px sidebar from 1024 px), half below.
const CARD_SIZES =
  "(min-width: 1408px) 254px, (min-width: 1024px) calc(25vw - 98px), (min-width: 768px) calc(25vw - 26px), calc(50vw - 24px)";

const STOCK_STYLE: Record<string, string> = {
  "in-stock": "stock-in",
  low: "stock-low",
  out: "stock-out",
  "pre-order": "stock-pre",
};

/**
 * A record in a grid: the link to its page, then its own add-to-cart button and a heart (forms, so they
 * work without JavaScript; they sit outside the link because a form may not be inside one).
 */
export function RecordCard({ track, showFavourite = true }: { track: CardTrack; showFavourite?: boolean }) {
  const state = stockState(track.stockQuantity, track.isPreOrder);
  const format = formatLabel(track.format);
  return (
    <article className="group card">
      <Link to={recordPath(track)}>
        <div className="card-cover">
          <CoverImage
            src={track.coverUrl}
            alt={`Cover of ${track.title} by ${track.artist}`}
            width={600}
            height={600}
            sizes={CARD_SIZES}
          />
          <span className={`card-badge ${STOCK_STYLE[state]}`}>{stockWording(state)}</span>
          {track.used && (
            <span
              className="absolute bottom-2 left-2 rounded-full bg-stone-900/85 px-2 py-0.5 text-xs font-semibold text-white"
              title={track.usedGrade ? GRADE_EXPLANATIONS[track.usedGrade] : undefined}
            >
              Used{track.usedGrade ? ` · ${track.usedGrade}` : ""}
            </span>
          )}
        </div>
        <div className="card-body">
          <h3 className="card-title">{track.title}</h3>
          <p className="card-artist">{track.artist}</p>
          <div className="card-meta">
            <span className="card-price">{track.price}</span>
            <span className="card-format">{format.label}</span>
          </div>
        </div>
      </Link>
      <div className="card-actions">
        <AddToCartButton
          recordId={track.id}
          title={track.title}
          availability={availabilityOf(track.stockQuantity, track.isPreOrder)}
          nameWithTitle
        />
      </div>
      {showFavourite && (
        <div className="card-fav">
          <FavouriteToggle recordId={track.id} title={track.title} />
        </div>
      )}
    </article>
  );
}

export function RecordCardSkeleton() {
  return (
    <div aria-hidden className="animate-pulse overflow-hidden rounded-lg bg-white ring-1 ring-stone-200">
      <div className="aspect-square bg-stone-200" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-3/4 rounded bg-stone-200" />
        <div className="h-3 w-1/2 rounded bg-stone-200" />
        <div className="h-5 w-1/4 rounded bg-stone-200" />
        {/* The add-to-cart button's place, so the grid does not jump when the cards arrive. */}
        <div className="mt-3 h-9 rounded-full bg-stone-200" />
      </div>
    </div>
  );
}
