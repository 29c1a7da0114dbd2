import type { EntryContext, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { entryContextOf, renderJobOf } from "./render-job.server";

const Home = () => null;
const build = {
  assets: { version: "v1", routes: {} },
  routes: {
    root: { id: "root", path: "", module: { default: Home } },
    "routes/record": { id: "routes/record", parentId: "root", path: "vinyl/:slug", module: { default: Home } },
  },
} as unknown as ServerBuild;

function contextFor(errors: Record<string, unknown> | null): EntryContext {
  return {
    manifest: build.assets,
    routeModules: {},
    serverHandoffString: '{"basename":"/"}',
    criticalCss: undefined,
    future: { v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    renderMeta: {},
    staticHandlerContext: {
      basename: "/",
      location: { pathname: "/vinyl/blue", search: "?x=1", hash: "", state: null, key: "default" },
      matches: [
        { params: {}, pathname: "/", pathnameBase: "/", route: { id: "root", loader: () => null } },
        { params: { slug: "blue" }, pathname: "/vinyl/blue", pathnameBase: "/vinyl/blue", route: { id: "routes/record" } },
      ],
      loaderData: { root: { user: null }, "routes/record": { title: "Blue", released: new Date("2026-01-02") } },
      actionData: null,
      errors,
      statusCode: 200,
      loaderHeaders: { root: new Headers({ "x-a": "b" }) },
      actionHeaders: {},
    },
  } as unknown as EntryContext;
}

describe("render jobs", () => {
  it("carry a page to another thread and back as the same entry context, routes taken from that thread's build", () => {
    const job = renderJobOf(contextFor(null), "http://shop/vinyl/blue?x=1", "n0nce", "[handoff]")!;
    // What a thread receives: a structured clone (functions and Headers would not survive it).
    const context = entryContextOf(structuredClone(job), build);
    const handled = context.staticHandlerContext;
    expect(handled.matches.map((m) => [m.route.id, m.route.path, m.params, m.pathname])).toEqual([
      ["root", "", {}, "/"],
      ["routes/record", "vinyl/:slug", { slug: "blue" }, "/vinyl/blue"],
    ]);
    expect(handled.loaderData["routes/record"]).toEqual({ title: "Blue", released: new Date("2026-01-02") });
    expect(handled.location.search).toBe("?x=1");
    expect(handled.errors).toBeNull();
    expect(context.routeModules["routes/record"]).toBe(build.routes["routes/record"]!.module);
    expect(context.manifest).toBe(build.assets);
    expect(context.serverHandoffString).toBe('{"basename":"/"}');
    expect(context.serverHandoffStream).toBeDefined();
    expect(job).toMatchObject({ url: "http://shop/vinyl/blue?x=1", nonce: "n0nce", handoff: "[handoff]" });
  });

  it("are not made for a page showing an error: its error objects stay on the main thread", () => {
    expect(renderJobOf(contextFor({ root: new Error("boom") }), "http://shop/", "n", "")).toBeNull();
  });

  it("refuse a route the thread's build does not have", () => {
    const job = renderJobOf(contextFor(null), "http://shop/", "n", "")!;
    job.matches[1]!.routeId = "routes/gone";
    expect(() => entryContextOf(job, build)).toThrow("routes/gone");
  });
});
