/** Addresses whose matches are kept per route tree: the shop's pages are a few thousand, an attacker's are not. */
export const MATCHES_KEPT = 2_000;

/** A tree smaller than this is matched about as fast as a match is looked up: not worth keeping. */
const FEWEST_BRANCHES = 16;

interface RouteMatch {
  params: Record<string, string | undefined>;
}
type Location = string | { pathname?: string };
type MatchRoutes<M extends RouteMatch> = (
  routes: unknown,
  location: Location,
  basename: string,
  allowPartial: boolean,
  branches?: readonly unknown[],
) => M[] | null;

const keptByTree = new WeakMap<readonly unknown[], Map<string, RouteMatch[] | null>>();

/**
 * React Router matches a request against every ranked branch of the route tree, twice per request (once to read
 * its params, once to run its loaders): on ~150 routes that walk was about 6% of a page's main-thread CPU. The
 * answer depends only on the tree (its ranked branches, built once per server build), the basename and the path,
 * so it is kept (docs/decisions/0039-kept-route-matches.md). Each caller gets its own copy: React Router hands the
 * params object to loaders.
 */
export function keptRouteMatches<M extends RouteMatch>(
  matchRoutes: MatchRoutes<M>,
  routes: unknown,
  location: Location,
  basename: string,
  allowPartial: boolean,
  branches?: readonly unknown[],
): M[] | null {
  if (!branches || branches.length < FEWEST_BRANCHES) return matchRoutes(routes, location, basename, allowPartial, branches);
  const pathname = typeof location === "string" ? pathOf(location) : (location.pathname ?? "/");
  const key = `${allowPartial ? "+" : "="}${basename}\u0000${pathname}`;
  let kept = keptByTree.get(branches);
  if (!kept) keptByTree.set(branches, (kept = new Map()));
  let matches = kept.get(key) as M[] | null | undefined;
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname, basename, allowPartial, branches);
    kept.set(key, matches);
    // The oldest out first: Map keeps insertion order.
    if (kept.size > MATCHES_KEPT) kept.delete(kept.keys().next().value!);
  }
  return matches && copyOf(matches);
}

/** The path of a location string (React Router ignores its query and hash when matching). */
function pathOf(location: string): string {
  const end = location.search(/[?#]/);
  return end === -1 ? location : location.slice(0, end);
}

/** React Router's matches share one params object, filled in as the match descends: so do the copies. */
function copyOf<M extends RouteMatch>(matches: M[]): M[] {
  const params = { ...matches[matches.length - 1]?.params };
  return matches.map((match) => ({ ...match, params }));
}
