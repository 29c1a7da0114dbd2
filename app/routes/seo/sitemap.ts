import { artistPath, BLOG_PATH, postPath, tagPath } from "~/domain/magazine/paths";
import { recordPath } from "~/domain/catalogue/slug";
import type { Route } from "./+types/sitemap";

/** The shop's public pages; records and magazine posts come from their services. */
export const SITEMAP_PAGES = [
  "/",
  "/browse",
  "/new-releases",
  "/allvinyl",
  "/pre-orders",
  "/genres",
  "/virtual-crate-dig",
  "/vinyl-care",
  BLOG_PATH,
];

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function loader({ context, url }: Route.LoaderArgs) {
  const origin = url.origin;
  const { magazine } = context.services;
  const entry = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ""}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((p) => entry(p)),
    ...context.services.catalogue.sitemapEntries(context.today).map((r) => entry(recordPath(r), r.updatedAt)),
    ...magazine.sitemapEntries(context.today).map((p) => entry(postPath(p.slug), p.publishedAt)),
    ...magazine.tags(context.today).map((t) => entry(tagPath(t.tag))),
    ...magazine.artists(context.today).map((a) => entry(artistPath(a.artist))),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
