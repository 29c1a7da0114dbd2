import { renderToString } from "react-dom/server";
// eslint-disable-next-line no-restricted-imports -- compared with the ShopScripts that wraps it
import { createStaticHandler, Outlet, Scripts, ServerRouter, type EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { KeptScripts, withNonce } from "./shop-scripts";

// What the page's scripts are written by in this render: React Router's own, or the kept ones.
let variant: "router" | "kept" = "router";
let nonce = "";

function Root() {
  return (
    <html lang="en-GB">
      <head />
      <body>
        <Outlet />
        {variant === "router" ? <Scripts nonce={nonce} /> : <KeptScripts nonce={nonce} />}
      </body>
    </html>
  );
}
const Page = () => <main>page</main>;

const manifestRoute = (id: string, parentId: string | undefined, path: string | undefined, imports: string[]) => ({
  id,
  parentId,
  path,
  module: `/assets/${id.replace("routes/", "")}-x1.js`,
  imports,
  css: [`/assets/${id.replace("routes/", "")}-x1.css`],
  hasAction: false,
  hasLoader: id !== "routes/b",
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: id === "root",
});

const manifest = {
  entry: { module: "/assets/entry.client-x1.js", imports: ["/assets/framework-x1.js"] },
  url: "/assets/manifest-x1.js",
  version: "x1",
  routes: {
    root: manifestRoute("root", undefined, "", ["/assets/shared-x1.js"]),
    "routes/a": manifestRoute("routes/a", "root", "records", ["/assets/grid-x1.js"]),
    "routes/b": manifestRoute("routes/b", "root", "records/:id", ["/assets/grid-x1.js", "/assets/player-x1.js"]),
    "routes/c": manifestRoute("routes/c", "root", "help", []),
  },
};

const dataRoutes = [
  {
    id: "root",
    path: "",
    loader: () => null,
    Component: Root,
    children: [
      { id: "routes/a", path: "records", loader: () => null, Component: Page },
      { id: "routes/b", path: "records/:id", Component: Page },
      { id: "routes/c", path: "help", loader: () => null, Component: Page },
    ],
  },
];

/** A page rendered as the server renders it, its scripts written by React Router or kept; and its render's meta. */
async function renderPage(path: string, how: typeof variant, pageNonce: string) {
  const handler = createStaticHandler(dataRoutes);
  const staticHandlerContext = await handler.query(new Request(`http://shop.test${path}`));
  if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
  const renderMeta: { didRenderScripts?: boolean } = {};
  const context = {
    manifest,
    routeModules: {
      root: { default: Root },
      "routes/a": { default: Page },
      "routes/b": { default: Page },
      "routes/c": { default: Page },
    },
    staticHandlerContext,
    serverHandoffString: '{"basename":"/","ssr":true}',
    criticalCss: undefined,
    future: {},
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    renderMeta,
  } as unknown as EntryContext;
  variant = how;
  nonce = pageNonce;
  const html = renderToString(<ServerRouter context={context} url={`http://shop.test${path}`} nonce={pageNonce} />);
  return { html, renderMeta };
}

describe("ShopScripts on the server", () => {
  it("writes what React Router's Scripts writes, kept per set of routes and with each page's nonce", async () => {
    for (const path of ["/records", "/records/7", "/help", "/records", "/records/9", "/help"]) {
      for (const pageNonce of ["n0nce-1", "n0nce-2"]) {
        const expected = await renderPage(path, "router", pageNonce);
        const kept = await renderPage(path, "kept", pageNonce);
        expect(kept.html).toBe(expected.html);
        // React Router writes the loader data only after a render that wrote the scripts.
        expect(kept.renderMeta.didRenderScripts).toBe(true);
      }
    }
    const { html } = await renderPage("/records/7", "kept", "later-nonce");
    expect(html).toContain('<link rel="modulepreload" href="/assets/player-x1.js" nonce="later-nonce"/>');
    expect(html).toContain('<script nonce="later-nonce" type="module" async="">');
    expect(html).not.toMatch(/n0nce-/);
  });

  it("keeps the pages' scripts apart: one set of routes never gets another's", async () => {
    const help = (await renderPage("/help", "kept", "n")).html;
    const record = (await renderPage("/records/7", "kept", "n")).html;
    expect(help).not.toContain("player-x1.js");
    expect(record).toContain("player-x1.js");
    expect(help).toContain('"routes/c"');
    expect(help).not.toContain('"routes/b"');
  });
});

describe("withNonce", () => {
  it("gives every element that carries a nonce the new one, through fragments and lists, and leaves the rest", () => {
    const tree = (
      <>
        {null}
        <link rel="modulepreload" href="/a.js" nonce="old" />
        {[<link key="b" rel="modulepreload" href="/b.js" nonce="old" />]}
        <>
          <script nonce="old" dangerouslySetInnerHTML={{ __html: "1" }} />
          <meta name="x" content="y" />
        </>
      </>
    );
    const html = renderToString(withNonce(tree, "new") as React.ReactElement);
    expect(html).toBe(renderToString(tree).replaceAll('nonce="old"', 'nonce="new"'));
    expect(html).toContain('<meta name="x" content="y"/>');
  });
});
