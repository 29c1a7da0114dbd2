import type { EntryContext, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { entryContextOf, keptSharedData, renderJobOf, SharedDataMissing, sharedDataSent } from "./render-job.server";
import { sharedPageData } from "./shared-page-data.server";

const Home = () => null;
const build = {
  assets: { version: "v1", routes: {} },
  routes: {
    root: { id: "root", path: "", module: { default: Home } },
    "routes/record": { id: "routes/record", parentId: "root", path: "vinyl/:slug", module: { default: Home } },
  },
} as unknown as ServerBuild;

function contextFor(
  errors: Record<string, unknown> | null,
  record: unknown = { title: "Blue", released: new Date("2026-01-02") },
): EntryContext {
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
      loaderData: { root: { user: null }, "routes/record": record },
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

/** Page data handed out as the page-data service hands it out: shared, the same object for every page. */
const shared = <T>(value: T): T =>
  sharedPageData(
    { services: { pageData: { shared: (_key: string, read: () => T) => read() } } } as unknown as AppLoadContext,
    "k",
    () => value,
  );

describe("render jobs for pages with shared page data", () => {
  it("carry the shared data once; later jobs name it, and the thread puts it back in the routes' order", () => {
    const record = shared({ title: "Kind of Blue", tracks: ["So What", "Freddie Freeloader"] });
    const context = contextFor(null, record);
    const first = structuredClone(renderJobOf(context, "http://shop/vinyl/blue", "n", "")!);
    expect(first.shared).toMatchObject({ routeId: "routes/record", data: record });
    expect(first.loaderData).toEqual({ root: { user: null }, "routes/record": null });
    sharedDataSent(context, true);
    const later = structuredClone(renderJobOf(contextFor(null, record), "http://shop/vinyl/blue", "n", "")!);
    expect(later.shared).toEqual({ routeId: "routes/record", id: first.shared!.id });

    const kept = keptSharedData();
    for (const job of [first, later]) {
      const loaderData = kept.loaderDataOf(job);
      expect(Object.keys(loaderData)).toEqual(["root", "routes/record"]);
      expect(loaderData).toEqual({ root: { user: null }, "routes/record": record });
      expect(entryContextOf(job, build, loaderData).staticHandlerContext.loaderData["routes/record"]).toEqual(record);
    }
    // Another object (the shop changed) is another number, carried whole again.
    const next = renderJobOf(contextFor(null, shared({ title: "Blue Train" })), "http://shop/vinyl/blue", "n", "")!;
    expect(next.shared!.id).not.toBe(first.shared!.id);
    expect(next.shared!.data).toEqual({ title: "Blue Train" });
  });

  it("carry shared data held in a field beside the shopper's own, and the thread puts it back in that field", () => {
    const page = shared({ title: "A Love Supreme" });
    const context = contextFor(null, { page, want: { backInStock: true }, accountEmail: "a@example.com" });
    const job = structuredClone(renderJobOf(context, "http://shop/vinyl/love", "n", "")!);
    expect(job.shared).toMatchObject({ routeId: "routes/record", field: "page", data: page });
    expect(job.loaderData["routes/record"]).toEqual({ page: null, want: { backInStock: true }, accountEmail: "a@example.com" });
    const whole = keptSharedData().loaderDataOf(job);
    expect(whole["routes/record"]).toEqual({ page, want: { backInStock: true }, accountEmail: "a@example.com" });
    expect(Object.keys(whole["routes/record"] as object)).toEqual(["page", "want", "accountEmail"]);
  });

  it("a thread without the named data refuses the job, and the next job carries it again", () => {
    const record = shared({ title: "Giant Steps" });
    const context = contextFor(null, record);
    sharedDataSent(context, true);
    const named = structuredClone(renderJobOf(context, "http://shop/vinyl/giant", "n", "")!);
    const restarted = keptSharedData();
    expect(() => restarted.loaderDataOf(named)).toThrow(SharedDataMissing);
    sharedDataSent(context, false);
    const again = structuredClone(renderJobOf(context, "http://shop/vinyl/giant", "n", "")!);
    expect(restarted.loaderDataOf(again)["routes/record"]).toEqual(record);
    expect(restarted.loaderDataOf(named)["routes/record"]).toEqual(record);
  });

  it("a thread keeps at most so many, the least recently used going first", () => {
    const kept = keptSharedData({ max: 2 });
    const jobs = ["a", "b", "c"].map((title) => {
      const context = contextFor(null, shared({ title }));
      const job = structuredClone(renderJobOf(context, "http://shop/vinyl/x", "n", "")!);
      kept.loaderDataOf(job);
      return { ...job, shared: { routeId: job.shared!.routeId, id: job.shared!.id } };
    });
    expect(kept.size).toBe(2);
    expect(() => kept.loaderDataOf(jobs[0]!)).toThrow(SharedDataMissing);
    expect(kept.loaderDataOf(jobs[2]!)["routes/record"]).toEqual({ title: "c" });
  });
});
