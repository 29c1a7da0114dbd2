import { describe, expect, it } from "vitest";
import { reactRouterProductionFiles } from "../../tests/setup/react-router-files";
import { HANDOFF_EAGER, keepRouteMatches, lazyHandoff, MATCHER_START } from "./vite-plugin";

describe("keepRouteMatches", () => {
  it("finds the matcher in the installed React Router's production files and wraps it", () => {
    const files = reactRouterProductionFiles("function matchRoutesImpl(").map(({ code }) => code);
    expect(files.length).toBeGreaterThan(0);
    for (const code of files) {
      const patched = keepRouteMatches(code);
      expect(patched).not.toBeNull();
      expect(patched).toMatch(/^import \{ keptRouteMatches as __keptRouteMatches \} from ".+kept-route-matches\.ts";/);
      expect(patched).toContain("return __keptRouteMatches(matchRoutesImplEvery, routes, locationArg");
      expect(patched).toContain(MATCHER_START.replace("matchRoutesImpl(", "matchRoutesImplEvery("));
    }
  });

  it("refuses code whose matcher is not where it was", () => {
    expect(keepRouteMatches("function matchRoutesImpl(routes, location) {}")).toBeNull();
  });
});

describe("lazyHandoff", () => {
  it("finds the document render's handoff encoding in the installed React Router and makes it lazy", () => {
    const files = reactRouterProductionFiles("async function handleDocumentRequest(").map(({ code }) => code);
    expect(files).toHaveLength(1);
    const patched = lazyHandoff(files[0]!);
    expect(patched).not.toBeNull();
    expect(patched).toContain("get serverHandoffStream() {");
    expect(patched).toContain("set serverHandoffStream(stream) {");
    // Only the first render's: the second, after an error, is React Router's as published.
    expect(patched!.split("serverHandoffStream: encodeViaTurboStream(")).toHaveLength(2);
  });

  it("encodes when the stream is read, once, and takes a stream set in its place", () => {
    const code = `let made = 0; const encodeViaTurboStream = () => ({ stream: ++made });
      async function renderHtml(context, isSpaMode2) {
        const state = {}; const request = {}; const build = { entry: { module: {} } }; const serverMode = "production";
        let entryContext = {
${HANDOFF_EAGER}
        };
        return entryContext;
      }
      return { renderHtml, made: () => made };`;
    const { renderHtml, made } = new Function(lazyHandoff(code)!)() as {
      renderHtml: () => Promise<{ serverHandoffStream: unknown }>;
      made: () => number;
    };
    return renderHtml().then((context) => {
      expect(made()).toBe(0);
      expect(context.serverHandoffStream).toEqual({ stream: 1 });
      expect(context.serverHandoffStream).toEqual({ stream: 1 });
      context.serverHandoffStream = "settled";
      expect(context.serverHandoffStream).toBe("settled");
      expect(made()).toBe(1);
    });
  });

  it("refuses code whose document render no longer encodes there", () => {
    expect(lazyHandoff("async function renderHtml(context, isSpaMode2) { return {}; }")).toBeNull();
  });
});
