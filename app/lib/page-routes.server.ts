import { matchRoutes, type EntryContext, type RouteObject } from "react-router";
import { createKeptByKey, type KeptByKey } from "~/domain/shared/kept-by-key";

type ManifestRoutes = EntryContext["manifest"]["routes"];

/**
 * React Router's server render turns the whole route manifest (about 150 routes) into route objects and a static
 * router on every page, then matches the page's parent paths against all of them to choose what the browser's
 * manifest carries: about 5% of a personal page's CPU. None of it depends on more than the routes that match the
 * page and its parent paths, so the render is given just those (decision 35). The browser gets the same manifest.
 */
export function withPageRoutes(context: EntryContext): EntryContext {
  const all = context.manifest.routes;
  const ids = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  for (const path of parentPaths(context.staticHandlerContext.location.pathname)) {
    for (const id of routeIdsMatching(all, path)) ids.add(id);
  }
  const routes: ManifestRoutes = {};
  for (const id of ids) {
    // Every matched route's ancestors match too, so the subset is a whole tree from the root.
    if (all[id]) routes[id] = all[id];
  }
  // Without `branches` the static router ranks this small tree itself instead of reusing the whole tree's ranking.
  // (React Router's type calls them required; its static router computes them when they are absent.)
  const branches = undefined as unknown as EntryContext["branches"];
  return { ...context, manifest: { ...context.manifest, routes }, branches };
}

/** The paths React Router's own manifest choice looks at besides the page: "/", then each parent ("/a", "/a/b"). */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = ["/"];
  for (let i = 1; i <= segments.length; i++) paths.push(`/${segments.slice(0, i).join("/")}`);
  return paths;
}

// Parent paths are few ("/", "/vinyl", "/admin/orders"…); a crawler's made-up ones only cost a recount.
const PATHS_KEPT = 500;
let treeOf: { routes: ManifestRoutes; tree: RouteObject[]; idsByPath: KeptByKey<string[]> } | undefined;

function routeIdsMatching(routes: ManifestRoutes, path: string): string[] {
  if (treeOf?.routes !== routes) treeOf = { routes, tree: routeTree(routes), idsByPath: createKeptByKey<string[]>(PATHS_KEPT) };
  const { tree } = treeOf;
  return treeOf.idsByPath(path, () => (matchRoutes(tree, path) ?? []).map((match) => match.route.id!));
}

/** The manifest as a route tree for matching only: ids, paths and nesting. */
export function routeTree(routes: ManifestRoutes): RouteObject[] {
  const childrenOf = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject;
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push(node);
    childrenOf.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const children = childrenOf.get(node.id);
      return children && !node.index ? ({ ...node, children: attach(children) } as RouteObject) : node;
    });
  return attach(childrenOf.get(undefined) ?? []);
}
