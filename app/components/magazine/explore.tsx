import { artistPath, tagLabel, tagPath } from "~/domain/magazine/paths";
import type { ArtistCount, TagCount } from "~/domain/magazine/types";
import { Link } from "react-router";

const countText = (n: number) => (n === 1 ? "1 story" : `${n} stories`);

/** Every topic with its number of stories, as chips; the one being read is marked. */
export function TagList({ tags, current }: { tags: TagCount[]; current?: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map(({ tag, count }) => {
        const active = tag === current;
        return (
          <li key={tag}>
            <Link
              to={tagPath(tag)}
              aria-current={active ? "page" : undefined}
              className={`inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold transition ${
                active
                  ? "border-ink bg-ink text-white"
                  : "border-stone-300 bg-white text-ink hover:border-needle-dark hover:text-needle-dark"
              }`}
            >
              {tagLabel(tag)}
              <span className={`text-xs font-bold ${active ? "text-label" : "text-stone-600"}`}>
                {count}
                <span className="sr-only"> {count === 1 ? "story" : "stories"}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The artists the magazine has written about, A–Z. */
export function ArtistList({ artists, current }: { artists: ArtistCount[]; current?: string }) {
  return (
    <ul className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
      {artists.map(({ artist, count }) => (
        <li key={artist} className="border-b border-stone-300">
          <Link
            to={artistPath(artist)}
            aria-current={artist === current ? "page" : undefined}
            className={`flex items-baseline justify-between gap-3 py-2.5 font-display text-lg hover:text-needle-dark ${
              artist === current ? "font-bold text-needle-dark" : "text-ink"
            }`}
          >
            {artist}
            <span className="shrink-0 font-sans text-xs text-stone-600">{countText(count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The foot of every list page: topics and artists, so every story is two clicks away. */
export function Explore({
  tags,
  artists,
  currentTag,
  currentArtist,
}: {
  tags: TagCount[];
  artists: ArtistCount[];
  currentTag?: string;
  currentArtist?: string;
}) {
  return (
    <div className="mt-16 grid gap-10 rounded-sm bg-white p-5 ring-1 ring-stone-200 sm:p-8 lg:grid-cols-2 lg:gap-14">
      <section aria-labelledby="magazine-topics">
        <h2 id="magazine-topics" className="border-b-2 border-ink pb-2 font-display text-2xl font-bold">
          Topics
        </h2>
        <div className="mt-4">
          <TagList tags={tags} current={currentTag} />
        </div>
      </section>
      <section aria-labelledby="magazine-artists">
        <h2 id="magazine-artists" className="border-b-2 border-ink pb-2 font-display text-2xl font-bold">
          Artists
        </h2>
        <div className="mt-1">
          <ArtistList artists={artists} current={currentArtist} />
        </div>
      </section>
    </div>
  );
}
