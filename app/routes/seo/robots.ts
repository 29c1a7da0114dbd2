import type { Route } from "./+types/robots";

/** Crawl everything public; keep crawlers out of account, checkout and admin pages. */
export function loader({ url }: Route.LoaderArgs) {
  const origin = url.origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...[
      "/admin",
      "/auth",
      "/cart",
      "/checkout",
      "/payment-confirmation",
      "/profile",
      "/favorites",
      "/recommendations",
      "/subscribe",
      "/subscription-confirmation",
      "/reset-password",
      "/marketing-tools",
      "/api/",
      "/trpc/",
    ].map((p) => `Disallow: ${p}`),
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
