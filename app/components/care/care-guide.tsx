import { Icon } from "~/components/icons/icon";
import { CARE_SECTION_COPY, careSectionId, careTipId, type CareCategory, type CareTip } from "~/domain/care/care-categories";
import { CareIllustration } from "./care-illustrations";

/** Each chapter's tint and its deep accent (4.5:1 or better on the tint and on white). */
const THEME: Record<CareCategory, { tint: string; accent: string }> = {
  cleaning: { tint: "#ccfbf1", accent: "#115e59" },
  handling: { tint: "#fef3c7", accent: "#92400e" },
  storage: { tint: "#dcfce7", accent: "#166534" },
  stylus: { tint: "#ede9fe", accent: "#5b21b6" },
  setup: { tint: "#ffedd5", accent: "#9a3412" },
};

const two = (n: number) => String(n).padStart(2, "0");

export interface CareGuideSection {
  category: CareCategory;
  tips: CareTip[];
}

/** The table of contents: one entry per chapter, linking to its anchor. */
export function CareContents({ sections }: { sections: CareGuideSection[] }) {
  return (
    <nav id="contents" aria-labelledby="contents-heading" className="scroll-mt-24">
      <h2
        id="contents-heading"
        className="border-b-2 border-ink pb-2 text-xs font-bold tracking-[0.25em] text-needle-dark uppercase"
      >
        In this guide
      </h2>
      <ol className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-1">
        {sections.map(({ category, tips }, i) => {
          const theme = THEME[category];
          return (
            <li key={category}>
              <a
                href={`#${careSectionId(category)}`}
                className="group flex items-center gap-3 rounded-lg px-2 py-2.5 transition hover:bg-white hover:shadow-sm"
              >
                <span
                  aria-hidden
                  className="grid h-9 w-9 shrink-0 place-items-center rounded-full font-display text-sm font-bold"
                  style={{ backgroundColor: theme.tint, color: theme.accent }}
                >
                  {two(i + 1)}
                </span>
                <span className="min-w-0">
                  <span className="block font-display text-lg leading-tight font-bold group-hover:underline">
                    {CARE_SECTION_COPY[category].label}
                  </span>
                  <span className="block text-xs text-stone-600">
                    {tips.length} {tips.length === 1 ? "tip" : "tips"}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** One tip as a card; the chapter's first tip leads, larger, with a drop cap. */
function TipCard({ tip, number, lead, accent }: { tip: CareTip; number: number; lead: boolean; accent: string }) {
  return (
    <li id={careTipId(tip)} className={`scroll-mt-24 ${lead ? "md:col-span-2" : ""}`}>
      <article
        className={`relative h-full overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 ${lead ? "p-6 sm:p-8" : "p-5 sm:p-6"}`}
      >
        <p aria-hidden className="absolute top-3 right-4 font-display text-5xl font-black opacity-15" style={{ color: accent }}>
          {two(number)}
        </p>
        <h3 className={`relative pr-12 font-display font-bold ${lead ? "text-2xl sm:text-3xl" : "text-xl"}`}>{tip.title}</h3>
        <p
          className={`relative mt-3 leading-relaxed text-stone-700 ${
            lead
              ? "text-base sm:text-lg first-letter:float-left first-letter:mt-1 first-letter:mr-2 first-letter:font-display first-letter:text-6xl first-letter:leading-[0.8] first-letter:font-black first-letter:text-[color:var(--chapter-accent)]"
              : "text-sm sm:text-[0.95rem]"
          }`}
        >
          {tip.body}
        </p>
      </article>
    </li>
  );
}

/** A chapter of the guide: a coloured opener with its drawing, then its tips. */
export function CareSection({ section, index }: { section: CareGuideSection; index: number }) {
  const { category, tips } = section;
  const copy = CARE_SECTION_COPY[category];
  const theme = THEME[category];
  const id = careSectionId(category);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24"
      style={{ "--chapter-accent": theme.accent } as React.CSSProperties}
    >
      <div
        className="relative grid items-center gap-4 overflow-hidden rounded-3xl px-6 py-6 sm:grid-cols-[1fr_auto] sm:px-8"
        style={{ backgroundColor: theme.tint }}
      >
        <div>
          <p className="text-xs font-bold tracking-[0.25em] uppercase" style={{ color: theme.accent }}>
            Chapter {two(index + 1)}
          </p>
          <h2 id={`${id}-heading`} className="mt-1 font-display text-3xl font-black tracking-tight text-ink sm:text-4xl">
            {copy.heading}
          </h2>
          <p className="mt-2 max-w-xl font-display text-lg text-stone-800 italic">{copy.standfirst}</p>
        </div>
        <CareIllustration category={category} className="h-28 w-36 justify-self-center sm:h-32 sm:w-44" />
      </div>
      {tips.length > 0 ? (
        <ol className="mt-5 grid gap-4 md:grid-cols-2 lg:gap-5">
          {tips.map((tip, i) => (
            <TipCard key={tip.id} tip={tip} number={i + 1} lead={i === 0} accent={theme.accent} />
          ))}
        </ol>
      ) : (
        <p className="mt-5 rounded-2xl border-2 border-dashed border-stone-300 px-6 py-8 text-center text-stone-600">
          Tips for this chapter are on their way.
        </p>
      )}
      <p className="mt-4 text-right">
        <a href="#contents" className="inline-flex items-center gap-1 text-sm font-semibold text-needle-dark hover:underline">
          <Icon name="arrow-up" className="h-4 w-4" />
          Back to contents
        </a>
      </p>
    </section>
  );
}

/** Roughly how long the guide takes to read, at 200 words a minute. */
export function readingMinutes(sections: CareGuideSection[]): number {
  const words = sections
    .flatMap((s) => s.tips)
    .reduce((n, tip) => n + `${tip.title} ${tip.body}`.split(/\s+/).filter(Boolean).length, 0);
  return Math.max(1, Math.round(words / 200));
}
