import type { CardTrack } from "~/domain/catalogue/record-api";
import { RecordCard, RecordCardSkeleton } from "./record-card";

/**
 * Columns follow the grid's own width (a container query), not the window's: a card needs about 13 rem for its
 * "Add to cart" button to stay on one line, so beside the filters at 1280 px a grid has three columns, across a
 * full page four, and on a phone two.
 */
export const RECORD_GRID_CLASS = "record-grid";

export function RecordGrid({ tracks }: { tracks: CardTrack[] }) {
  return (
    <div className="@container">
      <ul className={RECORD_GRID_CLASS}>
        {tracks.map((t) => (
          <li key={t.id}>
            <RecordCard track={t} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RecordGridSkeleton({ count }: { count: number }) {
  return (
    <div className="@container">
      <div className={RECORD_GRID_CLASS} aria-busy="true" aria-label="Loading records">
        {Array.from({ length: count }, (_, i) => (
          <RecordCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
