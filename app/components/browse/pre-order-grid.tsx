import { Icon } from "~/components/icons/icon";
import { RecordCard } from "~/components/record-card";
import { RECORD_GRID_CLASS } from "~/components/record-grid";
import { formatDateGB } from "~/domain/shared/dates";
import type { CardTrack } from "~/domain/catalogue/record-api";

/** The record grid with each card's release date beneath it: "Pre-order · Out 4 December 2026". */
export function PreOrderGrid({ tracks }: { tracks: CardTrack[] }) {
  return (
    <div className="@container">
      <ul className={RECORD_GRID_CLASS}>
        {tracks.map((t) => (
          <li key={t.id} className="flex flex-col">
            <div className="flex flex-1">
              <RecordCard track={t} />
            </div>
            <p className="mt-2 rounded-md bg-indigo-50 px-1.5 py-1.5 text-center text-xs leading-snug font-semibold text-indigo-950 ring-1 ring-indigo-100">
              <Icon name="calendar-days" className="mr-1 -mt-0.5 inline h-3.5 w-3.5" />
              Pre-order · Out <time dateTime={t.releaseDate ?? undefined}>{formatDateGB(t.releaseDate)}</time>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
