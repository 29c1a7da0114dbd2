import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { parentPaths, routeTree, withPageRoutes } from "./page-routes.server";

type Route = EntryContext["manifest"]["routes"][string];
const route = (id: string, parentId: string | undefined, fields: Partial<NonNullable<Route>> = {}) =>
  ({ id, parentId, module: `/assets/${id}.js`, hasAction: false, hasLoader: true, ...fields }) as NonNullable<Route>;

const routes: EntryContext["manifest"]["routes"] = {
  root: route("root", undefined, { path: "" }),
  home: route("home", "root", { index: true }),
  browse: route("browse", "root", { path: "browse" }),
  "vinyl-index": route("vinyl-index", "root", { path: "vinyl" }),
  record: route("record", "root", { path: "vinyl/:slug" }),
  admin: route("admin", "root", { path: "admin" }),
  "admin-orders": route("admin-orders", "admin", { path: "orders" }),
  "admin-order": route("admin-order", "admin", { path: "orders/:id" }),
};

function contextFor(pathname: string, matched: string[]): EntryContext {
  return {
    manifest: { routes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    branches: [{ stale: true }],
    staticHandlerContext: { location: { pathname }, matches: matched.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}

describe("withPageRoutes", () => {
  it("keeps the page's own routes and those of its parent paths, as React Router's browser manifest does", () => {
    const page = withPageRoutes(contextFor("/vinyl/12-some-record", ["root", "record"]));
    expect(Object.keys(page.manifest.routes).sort()).toEqual(["home", "record", "root", "vinyl-index"]);
    expect(page.manifest.routes.record).toBe(routes.record);
  });

  it("leaves the rest of the shop's routes out, and the whole tree's ranking with them", () => {
    const page = withPageRoutes(contextFor("/admin/orders/7", ["root", "admin", "admin-order"]));
    expect(Object.keys(page.manifest.routes).sort()).toEqual(["admin", "admin-order", "admin-orders", "home", "root"]);
    expect((page as unknown as { branches?: unknown }).branches).toBeUndefined();
    expect(page.manifest.entry.module).toBe("/entry.js");
  });

  it("does not change the context it was given", () => {
    const context = contextFor("/browse", ["root", "browse"]);
    withPageRoutes(context);
    expect(Object.keys(context.manifest.routes)).toHaveLength(8);
    expect((context as unknown as { branches: unknown[] }).branches).toHaveLength(1);
  });
});

describe("parentPaths", () => {
  it("lists the root and every parent of a page, not the page itself", () => {
    expect(parentPaths("/")).toEqual(["/"]);
    expect(parentPaths("/browse")).toEqual(["/"]);
    expect(parentPaths("/admin/orders/7")).toEqual(["/", "/admin", "/admin/orders"]);
    expect(parentPaths("/a//b/")).toEqual(["/", "/a"]);
  });
});

describe("routeTree", () => {
  it("nests routes under their parents; an index route has no children", () => {
    const [root] = routeTree(routes);
    expect(root?.id).toBe("root");
    expect(root?.children?.map((child) => child.id)).toEqual(["home", "browse", "vinyl-index", "record", "admin"]);
    expect(root?.children?.find((child) => child.id === "admin")?.children?.map((child) => child.id)).toEqual([
      "admin-orders",
      "admin-order",
    ]);
  });
});
