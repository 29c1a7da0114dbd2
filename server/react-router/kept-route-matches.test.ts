import { describe, expect, it } from "vitest";
import { keptRouteMatches, MATCHES_KEPT } from "./kept-route-matches";

interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  route: { id: string };
}

/** A matcher like React Router's: matches share one params object. Counts its calls. */
function fakeMatcher() {
  const calls: string[] = [];
  const match = (_routes: unknown, location: string | { pathname?: string }): Match[] | null => {
    const pathname = typeof location === "string" ? location : location.pathname!;
    calls.push(pathname);
    const slug = /^\/vinyl\/([^/]+)$/.exec(pathname)?.[1];
    if (!slug) return null;
    const params: Match["params"] = { slug };
    return [
      { params, pathname: "/", route: { id: "root" } },
      { params, pathname, route: { id: "record" } },
    ];
  };
  return { match, calls };
}

const tree = () => Array.from({ length: 40 }, (_, i) => ({ branch: i }));

describe("keptRouteMatches", () => {
  it("matches a path once per tree and gives every caller its own copy", () => {
    const { match, calls } = fakeMatcher();
    const branches = tree();
    const first = keptRouteMatches(match, [], "/vinyl/a", "/", false, branches)!;
    first[1]!.params.slug = "changed by a loader";
    const second = keptRouteMatches(match, [], { pathname: "/vinyl/a" }, "/", false, branches)!;
    expect(calls).toEqual(["/vinyl/a"]);
    expect(second).not.toBe(first);
    expect(second.map((m) => [m.route.id, m.pathname, m.params.slug])).toEqual([
      ["root", "/", "a"],
      ["record", "/vinyl/a", "a"],
    ]);
    // As in React Router, the matches of one answer share one params object.
    expect(second[0]!.params).toBe(second[1]!.params);
  });

  it("ignores the query and hash, and keeps a path that matches nothing", () => {
    const { match, calls } = fakeMatcher();
    const branches = tree();
    keptRouteMatches(match, [], "/vinyl/a?page=2", "/", false, branches);
    keptRouteMatches(match, [], "/vinyl/a#tracks", "/", false, branches);
    expect(keptRouteMatches(match, [], "/nowhere", "/", false, branches)).toBeNull();
    expect(keptRouteMatches(match, [], "/nowhere", "/", false, branches)).toBeNull();
    expect(calls).toEqual(["/vinyl/a", "/nowhere"]);
  });

  it("keeps answers apart per tree, basename and partial matching", () => {
    const { match, calls } = fakeMatcher();
    const [one, two] = [tree(), tree()];
    keptRouteMatches(match, [], "/vinyl/a", "/", false, one);
    keptRouteMatches(match, [], "/vinyl/a", "/", false, two);
    keptRouteMatches(match, [], "/vinyl/a", "/shop", false, one);
    keptRouteMatches(match, [], "/vinyl/a", "/", true, one);
    expect(calls).toHaveLength(4);
  });

  it("matches a small tree or one without ranked branches every time", () => {
    const { match, calls } = fakeMatcher();
    const small = tree().slice(0, 3);
    keptRouteMatches(match, [], "/vinyl/a", "/", false, small);
    keptRouteMatches(match, [], "/vinyl/a", "/", false, small);
    keptRouteMatches(match, [], "/vinyl/a", "/", false, undefined);
    expect(calls).toHaveLength(3);
  });

  it("keeps at most MATCHES_KEPT paths, the oldest out first", () => {
    const { match, calls } = fakeMatcher();
    const branches = tree();
    for (let i = 0; i <= MATCHES_KEPT; i++) keptRouteMatches(match, [], `/vinyl/${i}`, "/", false, branches);
    keptRouteMatches(match, [], `/vinyl/${MATCHES_KEPT}`, "/", false, branches);
    expect(calls).toHaveLength(MATCHES_KEPT + 1);
    keptRouteMatches(match, [], "/vinyl/0", "/", false, branches);
    expect(calls).toHaveLength(MATCHES_KEPT + 2);
  });
});
