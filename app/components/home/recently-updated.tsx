import type { CardTrack } from "~/domain/catalogue/record-api";
import { RecordCard } from "../record-card";
import { EmptyState, HomeSection } from "./home-section";

/** Spec §2 home section 11: two random picks from the records updated most recently. */
export function RecentlyUpdated({ tracks }: { tracks: CardTrack[] }) {
  return (
    <HomeSection id="recently-updated" title="Recently Updated" eyebrow="Fresh in the racks">
      {tracks.length > 0 ? (
        <div className="grid items-center gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:gap-10">
          <p className="text-lg leading-relaxed text-stone-700">
            Restocks, new pressings and price changes: two records that changed in the shop lately, picked for you today. There is
            more below, newest first.
          </p>
          <ul className="record-pair">
            {tracks.map((t) => (
              <li key={t.id}>
                <RecordCard track={t} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <EmptyState>Nothing has changed in the racks lately. Check back soon!</EmptyState>
      )}
    </HomeSection>
  );
}
