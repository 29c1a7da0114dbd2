import type { Route } from "./+types/rss";

/** RSS 2.0 of the magazine, built by the magazine service (the feed library stays on the server). */
export function loader({ context, url }: Route.LoaderArgs) {
  const xml = context.services.magazine.rss({ origin: url.origin, today: context.today });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
