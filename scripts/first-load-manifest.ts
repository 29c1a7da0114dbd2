// Which files the home page loads before it is interactive, from React Router's browser manifest: the ones its
// <Scripts> names in `<link rel="modulepreload">` tags, the entry and every route the address matches.

interface ManifestRoute {
  id: string;
  parentId?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
}

export interface BrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** The manifest from its file's text: `window.__reactRouterManifest={…};`. */
export function parseManifest(text: string): BrowserManifest {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (!text.startsWith("window.__reactRouterManifest=") || start < 0 || end < start) {
    throw new Error("not React Router's browser manifest");
  }
  return JSON.parse(text.slice(start, end + 1)) as BrowserManifest;
}

/** The routes "/" matches: the root and its index route. */
export function homeMatches(manifest: BrowserManifest): ManifestRoute[] {
  const root = manifest.routes.root;
  const home = Object.values(manifest.routes).filter((r) => r.index && r.parentId === "root");
  if (!root || home.length !== 1) throw new Error(`expected a root route and one index route under it`);
  return [root, home[0]!];
}

/** The modules the first load asks for, in the order <Scripts> names them, each once. */
export function firstLoadModules(manifest: BrowserManifest, matches: ManifestRoute[]): string[] {
  const routeModules = matches.flatMap((route) => [
    route.module,
    ...[route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule].filter(
      (m): m is string => m !== undefined,
    ),
    ...(route.imports ?? []),
  ]);
  return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeModules])];
}
