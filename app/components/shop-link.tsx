import { createElement, forwardRef } from "react";
// eslint-disable-next-line no-restricted-imports -- the one place Link is wrapped (and compared with)
import { Link, type LinkProps } from "react-router";
import { onServer } from "~/lib/on-server";

/**
 * React Router's `Link`, cheaper on the server. In the server's HTML a link to one of the shop's paths is only
 * `<a href data-discover>`, but `Link` works that out through a dozen hooks each time (resolving the path
 * against the route matches, building the click handler, prefetch state): about a tenth of a small page's render,
 * with thirty links in the header, menu and footer. Here the server writes the same element directly, and the
 * browser renders `Link` itself, so hydration finds the same `<a>` and navigation, prefetch and discovery work
 * as before (docs/decisions/0045-links-rendered-directly.md). Anything else (a relative path, an object, a
 * prefetch that renders its own tags) goes to `Link` everywhere.
 */
export const ShopLink = forwardRef<HTMLAnchorElement, LinkProps>(function ShopLink(props, ref) {
  const href = onServer && !props.mask && rendersNoPrefetch(props.prefetch) ? plainHref(props.to) : null;
  if (href === null) return <Link ref={ref} {...props} />;
  return serverAnchor(props, href);
});

/** What `Link` renders on the server for a shop path: its other props first, then href, target, data-discover. */
function serverAnchor(
  {
    to: _to,
    target,
    discover = "render",
    // Client-only behaviour: nothing of it is in the HTML.
    onClick: _onClick,
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  }: LinkProps,
  href: string,
) {
  // Added to the fresh rest object rather than spread ahead of them (docs/decisions/0040-no-leading-spreads.md).
  const anchor: Record<string, unknown> = rest;
  anchor.href = href;
  anchor.target = target;
  anchor["data-discover"] = discover === "render" ? "true" : undefined;
  return createElement("a", anchor);
}

// "none" and "intent" render nothing on the server; "render" and "viewport" add tags of their own.
const rendersNoPrefetch = (prefetch: LinkProps["prefetch"]) => !prefetch || prefetch === "none" || prefetch === "intent";

/**
 * `Link`'s href for a plain absolute path of the shop, which React Router keeps as written apart from a bare `?`
 * or `#`; null for anything it would rewrite or treat otherwise (an object, a relative path, `//host`, `\\`,
 * doubled slashes, `.` or `..` segments, a full URL).
 */
export function plainHref(to: LinkProps["to"]): string | null {
  if (typeof to !== "string" || to[0] !== "/") return null;
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = beforeHash.indexOf("?");
  const pathname = searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt);
  if (pathname.includes("//") || pathname.includes("\\") || /\/\.\.?(\/|$)/.test(pathname)) return null;
  const search = searchAt < 0 ? "" : beforeHash.slice(searchAt);
  const hash = hashAt < 0 ? "" : to.slice(hashAt);
  return pathname + (search === "?" ? "" : search) + (hash === "#" ? "" : hash);
}
