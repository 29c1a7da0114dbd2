import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The start of React Router's matcher in its production files; the build fails if an upgrade changes it. */
export const MATCHER_START = "function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {";

const keptMatchesFile = fileURLToPath(new URL("./kept-route-matches.ts", import.meta.url));

/**
 * In the server bundle, React Router's route matcher goes through keptRouteMatches (docs/decisions/0039-kept-route-matches.md):
 * its own function is renamed and called on a miss. Only the production files are changed (decision 37 aliases
 * them in a build); development and the browser run React Router as published.
 */
export function keptRouteMatchesPlugin(): Plugin {
  return {
    name: "needledrop:kept-route-matches",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !/react-router[\\/]dist[\\/]production[\\/]/.test(id)) return;
      if (!code.includes("function matchRoutesImpl(")) return;
      const patched = keepRouteMatches(code);
      if (!patched) this.error(`React Router's matcher changed: ${MATCHER_START} not found in ${id}`);
      return { code: patched, map: null };
    },
  };
}

/** The file's code with its matcher wrapped; null when the matcher is not where it was. */
export function keepRouteMatches(code: string): string | null {
  if (!code.includes(MATCHER_START)) return null;
  const wrapper = [
    MATCHER_START,
    "  return __keptRouteMatches(matchRoutesImplEvery, routes, locationArg, basename, allowPartial, precomputedBranches);",
    "}",
    MATCHER_START.replace("matchRoutesImpl(", "matchRoutesImplEvery("),
  ].join("\n");
  return `import { keptRouteMatches as __keptRouteMatches } from ${JSON.stringify(keptMatchesFile)};\n${code.replace(MATCHER_START, wrapper)}`;
}
