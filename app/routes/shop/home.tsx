import { z } from "zod";
import { addDays } from "~/domain/pre-order";
import { toApiTrack } from "~/domain/record-api";
import { Hero } from "~/components/home/hero";
import { LatestAdditions, LATEST_PAGE_SIZE } from "~/components/home/latest-additions";
import { RecordGrid } from "~/components/record-grid";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Needledrop | Independent vinyl record shop" },
  {
    name: "description",
    content: "New releases, pre-orders and best-selling vinyl from an independent UK record shop. Prices include VAT.",
  },
];

const search = z.object({ latest: z.coerce.number().int().min(1).max(10_000).catch(1) });

export function loader({ context, request }: Route.LoaderArgs) {
  const { latest } = search.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { catalogue } = context.services;
  const today = context.today;
  const newReleases = catalogue.recentReleases({ today, since: addDays(today, -40), limit: 4 });
  const page = catalogue.list({ page: latest, limit: LATEST_PAGE_SIZE, today });
  return {
    newReleases: newReleases.map((r) => toApiTrack(r, today)),
    latest: { ...page, items: page.items.map((r) => toApiTrack(r, today)) },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-14 pb-8">
      <Hero />
      <section aria-labelledby="new-releases" className="mx-auto max-w-6xl px-4 lg:px-8">
        <div className="mb-5 flex items-baseline justify-between">
          <h2 id="new-releases" className="font-display text-2xl font-bold sm:text-3xl">
            New Releases
          </h2>
          <a href="/new-releases" className="text-sm font-semibold text-needle-dark hover:underline">
            View All
          </a>
        </div>
        {loaderData.newReleases.length > 0 ? (
          <RecordGrid tracks={loaderData.newReleases} />
        ) : (
          <p className="text-stone-600">No new releases this month. Check back soon!</p>
        )}
      </section>
      <LatestAdditions initial={loaderData.latest} />
    </div>
  );
}
