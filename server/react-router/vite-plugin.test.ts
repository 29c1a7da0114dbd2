import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keepRouteMatches, MATCHER_START } from "./vite-plugin";

const productionDir = path.resolve("node_modules/react-router/dist/production");

describe("keepRouteMatches", () => {
  it("finds the matcher in the installed React Router's production files and wraps it", () => {
    const files = fs
      .readdirSync(productionDir)
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => fs.readFileSync(path.join(productionDir, name), "utf8"))
      .filter((code) => code.includes("function matchRoutesImpl("));
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
