import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The start of React Router's matcher in its production files; the build fails if an upgrade changes it. */
export const MATCHER_START = "function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {";

const keptMatchesFile = fileURLToPath(new URL("./kept-route-matches.ts", import.meta.url));

/**
 * React Router's document render encodes the loader data for the browser before it calls the shop's entry. The
 * entry writes that data itself (app/lib/handoff.server.ts, docs/decisions/0049-handoff-written-directly.md), so
 * the encoding is made lazy: React Router's stream is only made when something reads it.
 */
export const HANDOFF_EAGER = `      serverHandoffStream: encodeViaTurboStream(
        state,
        request.signal,
        build.entry.module.streamTimeout,
        serverMode
      ),`;
const HANDOFF_LAZY = `      get serverHandoffStream() {
        return this.__lazyHandoffStream ??= encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode);
      },
      set serverHandoffStream(stream) {
        this.__lazyHandoffStream = stream;
      },`;

/** The file's code with the document render's first handoff made lazy; null when it is not where it was. */
export function lazyHandoff(code: string): string | null {
  const at = code.indexOf(HANDOFF_EAGER);
  if (at === -1 || !code.slice(0, at).includes("async function renderHtml(context, isSpaMode2) {")) return null;
  return code.slice(0, at) + HANDOFF_LAZY + code.slice(at + HANDOFF_EAGER.length);
}

/**
 * Two changes to React Router in the server bundle, each failing the build if React Router's code is no longer
 * what it changes: the route matcher goes through keptRouteMatches (docs/decisions/0039-kept-route-matches.md: its
 * own function is renamed and called on a miss), and the document render's handoff encoding is lazy (decision 49).
 * Only the production files are changed (decision 37 aliases them in a build); development and the browser run
 * React Router as published.
 */
export function reactRouterServerPlugin(): Plugin {
  return {
    name: "needledrop:react-router-server",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !/react-router[\\/]dist[\\/]production[\\/]/.test(id)) return;
      let patched = code;
      if (code.includes("async function handleDocumentRequest(")) {
        const lazy = lazyHandoff(patched);
        if (!lazy) this.error(`React Router's document render changed: its handoff encoding was not found in ${id}`);
        patched = lazy;
      }
      if (code.includes("function matchRoutesImpl(")) {
        const kept = keepRouteMatches(patched);
        if (!kept) this.error(`React Router's matcher changed: ${MATCHER_START} not found in ${id}`);
        patched = kept;
      }
      return patched === code ? undefined : { code: patched, map: null };
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
