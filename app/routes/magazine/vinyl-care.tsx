import { Icon } from "~/components/icons/icon";
import { CareContents, CareSection, readingMinutes } from "~/components/care/care-guide";
import { TurntableIllustration } from "~/components/care/care-illustrations";
import { Masthead } from "~/components/magazine/masthead";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/vinyl-care";

/** Spec §2 /vinyl-care: the Vinyl Care Guide, every tip from vinyl_care_tips in five chapters. */
export function loader({ context, url }: Route.LoaderArgs) {
  return {
    sections: context.services.care.guide(),
    canonicalUrl: absoluteUrl(url.origin, "/vinyl-care"),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: "Vinyl Care Guide",
    description:
      "How to clean, handle and store your records, look after your stylus and set up your turntable: practical vinyl care tips from Needledrop.",
    url: d?.canonicalUrl,
    type: "article",
  });

export default function VinylCareGuide({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  const tipCount = sections.reduce((n, s) => n + s.tips.length, 0);
  return (
    <article className="mx-auto max-w-6xl px-4 py-6 lg:px-8 lg:py-10">
      <div className="grid items-end gap-6 md:grid-cols-[1fr_minmax(0,20rem)] lg:gap-10">
        <Masthead kicker="The Needledrop Magazine · Vinyl Care" title="The Vinyl Care Guide" feedLink={false}>
          Look after your records and they will outlive you. Everything we have learned behind the counter about keeping vinyl
          clean, flat and quiet, and a turntable that treats it kindly.
        </Masthead>
        <TurntableIllustration className="mx-auto w-64 max-w-full drop-shadow-xl sm:w-80 md:w-full" />
      </div>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
        <span>{sections.length} chapters</span>
        <span aria-hidden>·</span>
        <span>{tipCount} tips</span>
        <span aria-hidden>·</span>
        <span>{readingMinutes(sections)} min read</span>
      </p>

      <div className="mt-8 grid gap-10 lg:mt-12 lg:grid-cols-[14rem_1fr] lg:gap-12">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <CareContents sections={sections} />
          <p className="mt-6 hidden rounded-2xl bg-ink p-5 text-sm text-stone-300 lg:block">
            <span className="block font-display text-lg font-bold text-white">The golden rule</span>
            Touch only the edges and the label, and put every record back in its sleeve the moment the music stops.
          </p>
        </div>
        <div className="min-w-0 space-y-14">
          {sections.map((section, i) => (
            <CareSection key={section.category} section={section} index={i} />
          ))}
          <section aria-labelledby="care-next" className="relative overflow-hidden rounded-3xl bg-groove p-8 text-white sm:p-10">
            <p className="text-xs font-semibold tracking-[0.25em] text-label uppercase">Records in good hands</p>
            <h2 id="care-next" className="mt-2 font-display text-3xl font-bold">
              Now go and find something to play
            </h2>
            <p className="mt-3 max-w-lg text-stone-300">
              Flip through a crate of records one sleeve at a time, or browse the whole shop.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a
                href="/virtual-crate-dig"
                className="inline-flex items-center gap-2 rounded-full bg-label px-6 py-3 text-sm font-bold text-ink hover:bg-white"
              >
                Start a crate dig
                <Icon name="arrow-right" className="h-4 w-4" />
              </a>
              <a
                href="/browse"
                className="inline-flex items-center rounded-full px-6 py-3 text-sm font-bold text-white ring-1 ring-white/40 hover:bg-white/10"
              >
                Browse records
              </a>
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}
