import { formatLabelText } from "~/domain/catalogue/formats";
import { genreColours } from "~/domain/catalogue/genres";
import { formatDateGB } from "~/domain/shared/dates";
import type { ApiTrack } from "~/domain/catalogue/record-api";
import { EmptyState, HomeSection } from "./home-section";

export const DEFAULT_FEATURED_BLURB =
  "One of our favourites in the racks right now: a record that rewards a proper listen, start to finish, with the volume up.";
export const NO_FEATURED_VINYL = "No featured vinyl available today. Check back tomorrow!";

/** Spec §2 home section 3: one featured record, the same all day. */
export function VinylOfTheDay({ record, today }: { record: ApiTrack | null; today: string }) {
  return (
    <HomeSection id="vinyl-of-the-day" title="Vinyl of the Day" eyebrow={formatDateGB(today)}>
      {record ? <Featured record={record} /> : <EmptyState>{NO_FEATURED_VINYL}</EmptyState>}
    </HomeSection>
  );
}

function Featured({ record }: { record: ApiTrack }) {
  const genre = record.genre?.trim() || null;
  const colours = genreColours(genre);
  const released = formatDateGB(record.releaseDate);
  const facts: [string, string][] = [
    ["Format", formatLabelText(record.format)],
    ["Label", record.label ?? "—"],
    ["Released", released || "—"],
    ...(record.catalogNumber ? ([["Cat. no.", record.catalogNumber]] as [string, string][]) : []),
  ];
  return (
    <article
      aria-labelledby="vinyl-of-the-day-title"
      className="grid overflow-hidden rounded-3xl bg-ink text-white shadow-xl md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]"
    >
      {/* The cover with its record sliding out to the right. */}
      <div className="group flex items-center justify-center bg-[radial-gradient(circle_at_30%_40%,#3a2c1e,#16130f_70%)] p-6 sm:p-10">
        <div className="relative aspect-[1.6/1] w-full max-w-lg">
          <div
            aria-hidden
            className="absolute top-[4%] right-0 aspect-square h-[92%] rounded-full bg-[repeating-radial-gradient(circle,#2a231b_0_1px,#0b0907_2px_4px)] shadow-2xl ring-1 ring-white/15 transition duration-700 group-hover:translate-x-1 group-hover:rotate-45"
          >
            <div className="absolute inset-0 rounded-full bg-[conic-gradient(from_30deg,transparent_0_10%,rgba(255,255,255,0.12)_15%,transparent_22%_60%,rgba(255,255,255,0.08)_65%,transparent_72%)]" />
            <div className="absolute inset-0 m-auto h-[34%] w-[34%] rounded-full bg-needle ring-4 ring-label/70" />
            <div className="disc-hole" />
          </div>
          <img
            src={record.coverUrl}
            alt={`Cover of ${record.title} by ${record.artist}`}
            width={600}
            height={600}
            loading="lazy"
            decoding="async"
            className="absolute top-0 left-0 aspect-square h-full w-auto max-w-none rounded-md object-cover shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>

      <div className="flex flex-col gap-5 p-6 sm:p-10">
        <div className="flex flex-wrap items-center gap-2">
          {genre && (
            <span
              className="rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase"
              style={{ backgroundColor: colours.bg, color: colours.text }}
            >
              {genre}
            </span>
          )}
          <span className="rounded-full bg-white/10 px-3 py-1 text-xs font-semibold">{formatLabelText(record.format)}</span>
        </div>
        <div>
          <h3 id="vinyl-of-the-day-title" className="font-display text-3xl leading-tight font-bold sm:text-4xl">
            {record.title}
          </h3>
          <p className="mt-1 text-lg text-label">{record.artist}</p>
        </div>
        <p className="max-w-prose text-stone-300">{record.description?.trim() || DEFAULT_FEATURED_BLURB}</p>
        <dl className="facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-x-6 gap-y-4">
          <p className="font-display text-4xl font-bold">
            <span className="sr-only">Price: </span>
            {record.price}
          </p>
          <div className="flex flex-wrap gap-3">
            <a
              href={`/track/${record.id}`}
              className="rounded-full bg-needle px-6 py-3 text-sm font-semibold text-white shadow-lg transition hover:bg-needle-dark"
            >
              View Details
            </a>
            <a
              href={genre ? `/browse?genre=${encodeURIComponent(genre)}` : "/browse"}
              className="rounded-full border border-white/40 px-6 py-3 text-sm font-semibold text-white transition hover:bg-white hover:text-ink"
            >
              More Like This
            </a>
          </div>
        </div>
      </div>
    </article>
  );
}
