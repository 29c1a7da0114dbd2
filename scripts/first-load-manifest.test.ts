import { describe, expect, it } from "vitest";
import { firstLoadModules, homeMatches, parseManifest } from "./first-load-manifest";

const manifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/runtime.js", "/assets/framework.js"] },
  routes: {
    root: { id: "root", module: "/assets/root.js", imports: ["/assets/framework.js", "/assets/shared.js"] },
    "routes/home": {
      id: "routes/home",
      parentId: "root",
      index: true,
      module: "/assets/home.js",
      clientLoaderModule: "/assets/home-loader.js",
      imports: ["/assets/shared.js", "/assets/slides.js"],
    },
    "routes/browse": { id: "routes/browse", parentId: "root", module: "/assets/browse.js", imports: [] },
    "routes/admin/index": { id: "routes/admin/index", parentId: "admin", index: true, module: "/assets/admin.js" },
  },
};
const text = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;

describe("the home page's first load from React Router's manifest", () => {
  it("names the entry, the root and the home route with their imports, each once, and no other route", () => {
    const parsed = parseManifest(text);
    expect(firstLoadModules(parsed, homeMatches(parsed))).toEqual([
      "/assets/entry.js",
      "/assets/runtime.js",
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/shared.js",
      "/assets/home.js",
      "/assets/home-loader.js",
      "/assets/slides.js",
    ]);
  });

  it("refuses a file that is not the manifest, and a manifest without one home route", () => {
    expect(() => parseManifest("export const x = 1;")).toThrow(/not React Router's browser manifest/);
    const noHome = { ...manifest, routes: { root: manifest.routes.root } };
    expect(() => homeMatches(noHome)).toThrow(/one index route/);
  });
});
