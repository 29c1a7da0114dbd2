import type { CardTrack } from "~/domain/catalogue/record-api";
import { RecordCard } from "../record-card";
import { ArrowLink, EmptyState, HomeSection } from "./home-section";

export interface ArtistSpotlightView {
  artist: string;
  bio: string;
  tracks: CardTrack[];
}

export const NO_ARTIST_SPOTLIGHT = "No artist spotlight available. Check back later!";

/** /browse?q={artist}, URL-encoded (spec §2). */
export function artistSearchPath(artist: string): string {
  return `/browse?q=${encodeURIComponent(artist)}`;
}

/** Initials for the monogram: "The Smiths" → "S", "Kate Bush" → "KB". */
function monogram(artist: string): string {
  const words = artist
    .replace(/^the\s+/i, "")
    .split(/\s+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** Spec §2 home section 6: the artist of the day, their bio and one featured release. */
export function ArtistSpotlight({ spotlight }: { spotlight: ArtistSpotlightView | null }) {
  return (
    <HomeSection id="artist-spotlight" title="Artist Spotlight" eyebrow="Artist of the day">
      {spotlight ? <Spotlight spotlight={spotlight} /> : <EmptyState>{NO_ARTIST_SPOTLIGHT}</EmptyState>}
    </HomeSection>
  );
}

function Spotlight({ spotlight }: { spotlight: ArtistSpotlightView }) {
  const featured = spotlight.tracks[0];
  return (
    <div className="grid gap-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-10 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] md:gap-12">
      <div>
        <div className="flex items-center gap-4">
          <span
            aria-hidden
            className="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-[repeating-radial-gradient(circle,#262019_0_2px,#16130f_3px_5px)] font-display text-xl font-bold text-label ring-4 ring-needle"
          >
            {monogram(spotlight.artist)}
          </span>
          <h3 className="font-display text-3xl leading-tight font-bold sm:text-4xl">{spotlight.artist}</h3>
        </div>
        <p className="mt-6 text-lg leading-relaxed text-stone-700 first-letter:float-left first-letter:mr-2 first-letter:font-display first-letter:text-5xl first-letter:leading-none first-letter:font-bold first-letter:text-needle">
          {spotlight.bio}
        </p>
        <ArrowLink href={artistSearchPath(spotlight.artist)} className="mt-6">
          {`Explore ${spotlight.artist}`}
        </ArrowLink>
      </div>
      {featured && (
        <div className="flex flex-col">
          <p className="mb-3 text-xs font-semibold tracking-[0.25em] text-stone-600 uppercase">Featured release</p>
          <div className="flex max-w-64">
            <RecordCard track={featured} />
          </div>
        </div>
      )}
    </div>
  );
}
