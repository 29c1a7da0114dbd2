import { Icon } from "~/components/icons/icon";
import type { ApiTrack } from "~/domain/catalogue/record-api";
import { RecordCard } from "../record-card";
import { RECORD_GRID_CLASS } from "../record-grid";

/** A record from GET /api/recommendations: the spec's track plus why it is suggested. */
export interface RecommendedTrack extends ApiTrack {
  reason: string;
}

/** A record card with its reason underneath ("Because you played Blue Train"). */
export function RecommendationCard({ track }: { track: RecommendedTrack }) {
  return (
    <div className="flex w-full flex-col gap-2" data-testid="recommendation">
      <RecordCard track={track} />
      <p className="flex items-start gap-1.5 px-1 text-sm text-stone-700">
        <Icon name="sparkles" className="mt-0.5 h-4 w-4 shrink-0 text-needle-dark" />
        <span>{track.reason}</span>
      </p>
    </div>
  );
}

/** The same grid as RecordGrid, each card with its reason. */
export function RecommendationGrid({ tracks, label }: { tracks: RecommendedTrack[]; label: string }) {
  return (
    <div className="@container">
      <ul aria-label={label} className={RECORD_GRID_CLASS}>
        {tracks.map((t) => (
          <li key={t.id} className="flex">
            <RecommendationCard track={t} />
          </li>
        ))}
      </ul>
    </div>
  );
}
