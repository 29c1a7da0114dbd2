import { ForYou } from "~/components/recommendations/for-you";
import { RecordGrid } from "~/components/record-grid";
import { dailySeed, mulberry32, pickRandom } from "~/domain/home/home-filters";
import { toApiTrack } from "~/domain/catalogue/record-api";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/recommendations";

/** Popular picks shown under (or, without JavaScript, instead of) the recommendations. */
export const POPULAR_PICKS = 8;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: "Recommended for you",
    description: "Records picked from what you have played in this browser, and our popular picks.",
  }),
  { name: "robots", content: "noindex" },
];

/**
 * Spec §2: protected. The recommendations themselves come from the listening history, which lives only
 * in the browser (spec §3), so the server sends the popular picks (best sellers, the same all day) and
 * the browser asks GET /api/recommendations for the rest.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const today = context.today;
  const bestSellers = context.services.home.eligible.bestSellers(today);
  const popular = pickRandom(bestSellers, POPULAR_PICKS, mulberry32(dailySeed(`${today}#popular-picks`)));
  return { popular: popular.map((r) => toApiTrack(r, today)) };
}

export default function Recommendations({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-10 lg:px-8">
      <header>
        <p className="eyebrow">Your library</p>
        <h1 className="mt-1 font-display text-3xl font-bold sm:text-4xl">Recommended for you</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Records like the ones you have played: the same artists, labels, genres and eras, and what other collectors bought with
          them.
        </p>
      </header>

      {/* block: so the page's spacing applies (with JavaScript the browser never shows it). */}
      <noscript className="block">
        <p role="note" className="rounded-2xl bg-white p-6 text-stone-700 shadow-sm ring-1 ring-stone-200">
          Your recommendations come from the records you have played in this browser, which only your browser knows, so they need
          JavaScript to appear. Here are our popular picks instead.
        </p>
      </noscript>

      <ForYou />

      <section aria-labelledby="popular-picks" className="space-y-6">
        <div className="border-b-2 border-ink pb-3">
          <p className="eyebrow">Best sellers</p>
          <h2 id="popular-picks" className="mt-1 font-display text-3xl font-bold tracking-tight">
            Popular picks
          </h2>
        </div>
        {loaderData.popular.length > 0 ? (
          <RecordGrid tracks={loaderData.popular} />
        ) : (
          <p className="text-stone-600">No best sellers to show right now.</p>
        )}
      </section>
    </div>
  );
}
