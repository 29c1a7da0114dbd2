import type { ApiTrack } from "~/domain/catalogue/record-api";
import { RecordCard, RecordCardSkeleton } from "./record-card";

export function RecordGrid({ tracks }: { tracks: ApiTrack[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-4">
      {tracks.map((t) => (
        <li key={t.id} className="flex">
          <RecordCard track={t} />
        </li>
      ))}
    </ul>
  );
}

export function RecordGridSkeleton({ count }: { count: number }) {
  return (
    <div className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-4" aria-busy="true" aria-label="Loading records">
      {Array.from({ length: count }, (_, i) => (
        <RecordCardSkeleton key={i} />
      ))}
    </div>
  );
}
