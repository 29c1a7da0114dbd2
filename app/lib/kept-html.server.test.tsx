import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLocation, type RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "~/components/footer";
import { Sidebar } from "~/components/sidebar";
import { useContext } from "react";
import {
  escapeAsReact,
  identityOf,
  keptFromPage,
  KeptHtmlContext,
  KEPT_MARK,
  KEPT_SLOT,
  type KeptHtml,
  CARD_WRAPPER,
} from "~/components/kept-html";
import { RecordCard } from "~/components/record-card";
import { EMPTY_CART_SUMMARY } from "~/domain/cart/cart-summary";
import type { CardTrack } from "~/domain/catalogue/record-api";
import { createKeptHtml } from "./kept-html.server";
import { FacetPanel } from "~/components/browse/facet-panel";
import { parseBrowseQuery } from "~/domain/browse/browse-query-parse";
import type { Facets } from "../../server/services/browse";

const track = (id: number, more: Partial<CardTrack> = {}): CardTrack => ({
  id,
  title: `Title ${id}`,
  artist: `Artist ${id}`,
  coverUrl: `/media/covers/track-${id}.jpg`,
  price: "£24.99",
  stockQuantity: id % 3,
  isPreOrder: id === 4,
  format: "LP",
  releaseDate: "2026-01-01",
  used: id === 5,
  usedGrade: id === 5 ? "VG+" : null,
  ...more,
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `url` of these routes rendered to HTML as the server renders a page, with or without kept parts. */
async function renderAsServer(routes: RouteObject[], url: string, keptHtml: KeptHtml | null) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <KeptHtmlContext.Provider value={keptHtml}>
      <StaticRouterProvider router={router} context={context} />
    </KeptHtmlContext.Provider>,
  );
}

/** A page of cards under a root whose loader gives the shopper's favourites, rendered as the server renders it. */
async function renderGrid(cards: CardTrack[], favouriteIds: number[], cardHtml: KeptHtml | null, showFavourite = true) {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ shopper: { cart: EMPTY_CART_SUMMARY, favouriteIds } }),
      Component: () => (
        <ul>
          {cards.map((t) => (
            <li key={t.id}>
              <RecordCard track={t} showFavourite={showFavourite} />
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return renderAsServer(routes, "http://shop.test/", cardHtml);
}

describe("record cards' kept HTML", () => {
  const cards = [1, 2, 3, 4, 5].map((id) => track(id));

  it("writes a card from its kept HTML the next time, the page the same as one rendered card by card", async () => {
    const cardHtml = createKeptHtml();
    const plain = await renderGrid(cards, [2], null);
    const first = await renderGrid(cards, [2], cardHtml);
    expect(cardHtml.size).toBe(0);
    await tick();
    expect(cardHtml.size).toBe(5);
    const second = await renderGrid(cards, [2], cardHtml);
    expect(first).toBe(plain);
    expect(second).toBe(plain);
    expect(second).toContain('aria-pressed="true" aria-label="Remove Title 2 from favourites"');
    expect(second).toContain("Used<!-- --> · VG+");
  });

  it("keeps a card per heart and per data: a favourite or a new price is never written from another's HTML", async () => {
    const cardHtml = createKeptHtml();
    await renderGrid(cards, [], cardHtml);
    await tick();
    const saved = await renderGrid(cards, [1, 3], cardHtml);
    expect(saved).toBe(await renderGrid(cards, [1, 3], null));
    expect(saved.match(/aria-pressed="true"/g)).toHaveLength(2);
    await tick();
    expect(cardHtml.size).toBe(7);

    const cheaper = cards.map((t) => (t.id === 3 ? { ...t, price: "£19.99" } : t));
    await renderGrid(cheaper, [], cardHtml);
    await tick();
    const again = await renderGrid(cheaper, [], cardHtml);
    expect(again).toBe(await renderGrid(cheaper, [], null));
    expect(again).toContain("£19.99");
    expect(again.match(/£24\.99/g)).toHaveLength(4);
    // A page that shows no hearts (the favourites page) keeps its own.
    await renderGrid(cards, [], cardHtml, false);
    await tick();
    const heartless = await renderGrid(cards, [], cardHtml, false);
    expect(heartless).toBe(await renderGrid(cards, [], null, false));
    expect(heartless).not.toContain("favourites");
  });

  it("keeps at most max cards, the least recently used going first", async () => {
    const cardHtml = createKeptHtml({ max: 3 });
    const grid = [1, 2, 3, 4].map((id) => track(id));
    await renderGrid(grid, [], cardHtml);
    await tick();
    expect(cardHtml.size).toBe(3);
    const keys = (ids: number[]) => ids.map((id) => `h${JSON.stringify(track(id))}`);
    // Card 1 went when card 4 came.
    expect(keys([1, 2, 3, 4]).map((k) => cardHtml.get(k) !== undefined)).toEqual([false, true, true, true]);
  });

  it("keeps only a single card article", async () => {
    const cardHtml = createKeptHtml();
    cardHtml.fillLater("not-a-card", <section>not a card</section>, CARD_WRAPPER);
    await tick();
    expect(cardHtml.get("not-a-card")).toBeUndefined();
    expect(cardHtml.size).toBe(0);
  });
});

/** /browse's filters for `search`, rendered as the server renders them. */
async function renderFilters(search: string, facets: Facets, keptHtml: KeptHtml | null) {
  const routes = [
    {
      id: "root",
      path: "/browse",
      Component: () => (
        <FacetPanel
          action="/browse"
          query={parseBrowseQuery(new URLSearchParams(search))}
          facets={facets}
          labels={{ all: false, hidden: 0 }}
        />
      ),
    },
  ];
  return renderAsServer(routes, `http://shop.test/browse?${search}`, keptHtml);
}

const facets = (jazz: number, selected: string[] = []): Facets => ({
  genre: [
    { value: "Jazz", count: jazz, selected: selected.includes("Jazz") },
    { value: "Soul", count: 4, selected: selected.includes("Soul") },
  ],
  format: [
    { value: "Vinyl LP", count: 9, selected: false },
    { value: "Vinyl 7-inch", count: 0, selected: false },
  ],
  label: [{ value: "Blue Note", count: 3, selected: false }],
  decade: [
    { value: 1960, count: 5, selected: false },
    { value: 1970, count: 2, selected: false },
  ],
  inStock: 7,
});

describe("facet groups' kept HTML", () => {
  it("writes /browse's filters from kept groups the next time, the same as rendered in full", async () => {
    const keptHtml = createKeptHtml();
    const plain = await renderFilters("genre=Jazz", facets(3, ["Jazz"]), null);
    expect(await renderFilters("genre=Jazz", facets(3, ["Jazz"]), keptHtml)).toBe(plain);
    await tick();
    // Genre, format, decade and label.
    expect(keptHtml.size).toBe(4);
    const second = await renderFilters("genre=Jazz", facets(3, ["Jazz"]), keptHtml);
    expect(second).toBe(plain);
    expect(second).toContain('name="genre" checked="" value="Jazz"');
  });

  it("never writes a group from another's HTML: a new count or a new choice is another group", async () => {
    const keptHtml = createKeptHtml();
    await renderFilters("", facets(3), keptHtml);
    await tick();
    const recounted = await renderFilters("", facets(8), keptHtml);
    expect(recounted).toBe(await renderFilters("", facets(8), null));
    const chosen = await renderFilters("genre=Soul", facets(3, ["Soul"]), keptHtml);
    expect(chosen).toBe(await renderFilters("genre=Soul", facets(3, ["Soul"]), null));
    expect(chosen).toContain('name="genre" checked="" value="Soul"');
  });
});

describe("the footer's kept HTML", () => {
  afterEach(() => vi.useRealTimers());

  // The footer needs no router on the server: its sign-up form is written directly.
  const renderFooter = (redirectTo: string, keptHtml: KeptHtml | null) =>
    renderToString(
      <KeptHtmlContext.Provider value={keptHtml}>
        <Footer redirectTo={redirectTo} />
      </KeptHtmlContext.Provider>,
    );
  const addresses = ["/vinyl/1-a-b", "/browse?genre=R%26B&page=2", `/x?q="a"&b='<c>'`, "/"];

  it("writes the footer from one kept render with each page's address in its slot, the same as rendered in full", async () => {
    const keptHtml = createKeptHtml();
    expect(renderFooter(addresses[0]!, keptHtml)).toBe(renderFooter(addresses[0]!, null));
    await tick();
    expect(keptHtml.size).toBe(1);
    expect(keptHtml.get(`footer:${new Date().getFullYear()}`)).toContain(`name="redirectTo" value="${KEPT_SLOT}"`);
    for (const address of addresses) {
      const kept = renderFooter(address, keptHtml);
      expect(kept).toBe(renderFooter(address, null));
      expect(kept).not.toContain(KEPT_SLOT);
    }
    expect(renderFooter(addresses[1]!, keptHtml)).toContain('value="/browse?genre=R%26B&amp;page=2"');
    expect(keptHtml.size).toBe(1);
  });

  it("keeps a footer per year", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T12:00:00Z"));
    const keptHtml = createKeptHtml();
    renderFooter("/", keptHtml);
    await tick();
    vi.setSystemTime(new Date("2027-01-01T12:00:00Z"));
    const newYear = renderFooter("/", keptHtml);
    expect(newYear).toBe(renderFooter("/", null));
    expect(newYear).toContain("© <!-- -->2027<!-- -->");
  });

  it("renders as usual when a kept render has no slot, or more than one", () => {
    const plain = renderFooter("/browse", null);
    for (const html of ["<p>no slot</p>", `<p>${KEPT_SLOT}</p><p>${KEPT_SLOT}</p>`]) {
      const stale: KeptHtml = { get: () => html, fillLater: () => {} };
      expect(renderFooter("/browse", stale)).toBe(plain);
    }
  });

  it("escapes a text as React does, in an attribute and in a text node", () => {
    for (const text of [`a"b'c&d<e>f`, "&amp;", "plain", "£ – é", ""]) {
      expect(renderToString(<p title={text}>{text}</p>)).toBe(`<p title="${escapeAsReact(text)}">${escapeAsReact(text)}</p>`);
    }
  });
});

describe("the menu's kept links", () => {
  const renderMenu = (url: string, signedIn: boolean, isAdmin: boolean, keptHtml: KeptHtml | null) =>
    renderAsServer(
      [{ path: "*", Component: () => <Sidebar open={false} onClose={() => {}} signedIn={signedIn} isAdmin={isAdmin} /> }],
      `http://shop.test${url}`,
      keptHtml,
    );
  const visits: [string, boolean, boolean][] = [
    ["/", false, false],
    ["/browse", false, false],
    ["/Browse?genre=Jazz", false, false],
    ["/blog/a-post", false, false],
    ["/vinyl/1-a-b", false, false],
    ["/auth", false, false],
    ["/favorites", true, false],
    ["/browse", true, false],
    ["/admin", true, true],
    ["/admin/orders", true, true],
    ["/browse", true, true],
  ];

  it("writes the links from kept HTML per current entry and account, the same as rendered in full", async () => {
    const keptHtml = createKeptHtml();
    for (const [url, signedIn, isAdmin] of visits) await renderMenu(url, signedIn, isAdmin, keptHtml);
    await tick();
    // Signed out: Home, Browse (twice, whatever the case), Blog, none, Login; signed in: Favorites, Browse; as the
    // owner: Admin (twice), Browse.
    expect(keptHtml.size).toBe(9);
    for (const [url, signedIn, isAdmin] of [...visits].reverse()) {
      const kept = await renderMenu(url, signedIn, isAdmin, keptHtml);
      expect(kept, url).toBe(await renderMenu(url, signedIn, isAdmin, null));
    }
    const signedOut = await renderMenu("/browse", false, false, keptHtml);
    expect(signedOut).not.toContain("Logout");
    expect(signedOut).toContain('aria-current="page" class="side-link bg-needle-dark text-white" href="/browse"');
    expect(await renderMenu("/browse", true, true, keptHtml)).toContain('action="/logout" method="post"');
  });
});

describe("parts kept as the page wrote them", () => {
  /** A part that reads the router (it cannot render on its own), kept per `key` from the page's own HTML. */
  function Details({ keyOf, inside }: { keyOf: (path: string) => string | null; inside?: React.ReactNode }) {
    const keptHtml = useContext(KeptHtmlContext);
    const { pathname } = useLocation();
    return (
      <main>
        <p>before</p>
        {keptFromPage(keptHtml, keyOf(pathname), { tag: "div", className: undefined }, (mark) => (
          <div data-kept-mark={mark}>
            <div className="inner">
              <a href={pathname}>{pathname}</a>
            </div>
            <div />
            {inside}
          </div>
        ))}
        <div>after</div>
      </main>
    );
  }
  const page = async (url: string, keptHtml: ReturnType<typeof createKeptHtml> | null, props: Parameters<typeof Details>[0]) => {
    const html = await renderAsServer(
      [{ path: "*", Component: () => <Details {...props} /> }],
      `http://shop.test${url}`,
      keptHtml,
    );
    return keptHtml ? keptHtml.takeFromPage(html) : html;
  };

  it("keeps the part from the first page that writes it and writes it from there the next time, the same HTML", async () => {
    const keptHtml = createKeptHtml();
    const props = { keyOf: (path: string) => `details:${path}` };
    const plain = await page("/a", null, props);
    const first = await page("/a", keptHtml, props);
    expect(first).toBe(plain);
    expect(first).not.toContain(KEPT_MARK);
    expect(keptHtml.size).toBe(1);
    expect(keptHtml.get("details:/a")).toBe('<div class="inner"><a href="/a">/a</a></div><div></div>');
    expect(await page("/a", keptHtml, props)).toBe(plain);
    // Another key is another part: rendered, then kept too.
    expect(await page("/b", keptHtml, props)).toBe(await page("/b", null, props));
    expect(keptHtml.size).toBe(2);
  });

  it("renders as usual without a key, and keeps no part that holds raw text", async () => {
    const keptHtml = createKeptHtml();
    expect(await page("/a", keptHtml, { keyOf: () => null })).toBe(await page("/a", null, { keyOf: () => null }));
    const withScript = { keyOf: () => "scripted", inside: <script type="application/ld+json">{"{}"}</script> };
    expect(await page("/a", keptHtml, withScript)).toBe(await page("/a", null, withScript));
    expect(keptHtml.size).toBe(0);
  });

  it("forgets the marks of a page that failed to render", () => {
    const keptHtml = createKeptHtml();
    keptHtml.keepFromPage("lost");
    expect(keptHtml.takeFromPage("<p>another page</p>")).toBe("<p>another page</p>");
    expect(keptHtml.size).toBe(0);
  });

  it("numbers an object by its identity", () => {
    const a = { x: 1 };
    expect(identityOf(a)).toBe(identityOf(a));
    expect(identityOf({ x: 1 })).not.toBe(identityOf(a));
  });
});
