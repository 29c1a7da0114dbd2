import { pathToFileURL } from "node:url";
import {
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_SingleFetchRedirectSymbol as redirectSymbol,
} from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { reactRouterProductionFiles } from "../../tests/setup/react-router-files";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { pageGet, routeArgs } from "../../tests/setup/route-context";
import { loader as browseLoader } from "../routes/shop/browse";
import { loader as homeLoader } from "../routes/shop/home";
import { encodeHandoff } from "./handoff.server";

type Encode = (input: unknown, options?: object) => ReadableStream<Uint8Array>;

/**
 * React Router's own turbo-stream encoder, from the installed production files (the one the server bundle runs):
 * found by its source marker, as the chunk's file name changes with every release.
 */
let reactRouterEncode: Encode;
beforeAll(async () => {
  const [chunk] = reactRouterProductionFiles("// vendor/turbo-stream-v2/flatten.ts");
  if (!chunk) throw new Error("React Router's turbo-stream encoder was not found");
  reactRouterEncode = ((await import(pathToFileURL(chunk.file).href)) as { encode: Encode }).encode;
});

/** What React Router's encoder writes for a document's state, with the plugins its document render passes. */
async function byReactRouter(state: object): Promise<string> {
  const noPlugin = () => undefined;
  const stream = reactRouterEncode(state, { plugins: [noPlugin, noPlugin, noPlugin], postPlugins: [noPlugin] });
  return new Response(stream).text();
}

const stateOf = (loaderData: Record<string, unknown>) => ({ loaderData, actionData: null, errors: null });

const ROOT = { user: null, toast: null, shopper: { favouriteIds: [3, 1] } };

const decoded = async (written: string) => (await decodeViaTurboStream(new Response(written).body!, globalThis)).value as unknown;

const shop = useShopServices();

/** Loader data of shop pages as their loaders hand it out (shared page data). */
function shopPages(): Record<string, unknown>[] {
  const context = { db: shop.t.db, services: shop.s };
  return [
    { "routes/shop/home": homeLoader(routeArgs(context, pageGet("/"))) },
    { "routes/shop/home": homeLoader(routeArgs(context, pageGet("/?trivia=1"))) },
    { "routes/shop/browse": browseLoader(routeArgs(context, pageGet("/browse?sort=price-asc&page=2"))) },
  ];
}

describe("encodeHandoff", () => {
  it("writes a shop page's data exactly as React Router does", async () => {
    for (const loaderData of shopPages()) {
      // A copy: the same data, not known as shared page data.
      const state = stateOf(structuredClone({ root: ROOT, ...loaderData }));
      const written = encodeHandoff(state);
      expect(written).not.toBeNull();
      expect(written).toBe(await byReactRouter(state));
    }
  });

  it("writes shared page data once, ahead of the shopper's own, and the browser reads the same page", async () => {
    for (const loaderData of shopPages()) {
      const state = stateOf({ root: ROOT, ...loaderData });
      const written = encodeHandoff(state)!;
      expect(written).not.toBe(await byReactRouter(state));
      expect(await decoded(written)).toEqual(state);
      // Another shopper: their own data, the shared part as it was written the first time.
      const other = stateOf({ root: { ...ROOT, user: { username: "bea", role: "admin" } }, ...loaderData });
      expect(await decoded(encodeHandoff(other)!)).toEqual(other);
    }
  });

  it("keeps what it wrote of shared page data until the data is another object", async () => {
    const [home] = shopPages() as [{ "routes/shop/home": { recordCount: number } }];
    const page = home["routes/shop/home"];
    const before = await decoded(encodeHandoff(stateOf({ root: ROOT, ...home }))!);
    // Shared page data never changes (decision 48); were it changed, the kept writing would still show it as it was.
    const count = page.recordCount;
    page.recordCount = count + 1000;
    const after = await decoded(encodeHandoff(stateOf({ root: ROOT, ...home }))!);
    page.recordCount = count;
    expect(after).toEqual(before);
  });

  it("writes every kind of value a page holds the same way, shared ones and repeats included", async () => {
    const shared = { title: "Blue Train", tags: ["jazz", "jazz", "bop"] };
    const nullProto = Object.assign(Object.create(null) as object, { a: 1, b: "two" });
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    const state = stateOf({
      root: { user: { username: "ann", role: "customer" }, toast: undefined, flags: [true, false, true] },
      "routes/x": {
        records: [shared, shared, { ...shared }],
        numbers: [-0, 0, 1.5, -2, 1e21, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
        texts: ["", "£12.00", 'quote " and \\ backslash', "</script><script>", "line\u2028separator", "😀"],
        missing: [undefined, null],
        sparse,
        when: [new Date(Date.UTC(2026, 10, 28, 9, 30)), new Date(Number.NaN)],
        nullProto,
        nested: { deeper: { deepest: [[[]], {}] } },
        "0": "a numeric key",
        _1: "a key like an index",
      },
    });
    const written = encodeHandoff(state);
    expect(written).toBe(await byReactRouter(state));
    // And the browser's decoder reads it back as the same data.
    expect(await decoded(written!)).toEqual(state);
    // A symbol key other than a redirect's is left out, by both.
    const symbolKeyed = stateOf({ "routes/x": { shown: 1, [Symbol.for("not a redirect")]: "left out" } });
    expect(encodeHandoff(symbolKeyed)).toBe(await byReactRouter(symbolKeyed));
  });

  it("leaves to React Router what a page's data does not hold plainly", () => {
    class Money {
      pence = 1250;
    }
    const odd: unknown[] = [
      new Map([["a", 1]]),
      new Set([1]),
      new Error("boom"),
      new Money(),
      Promise.resolve(1),
      { [redirectSymbol]: "/elsewhere" },
      10n,
      () => "a function",
      Symbol.for("s"),
      new URL("https://example.com"),
      /regexp/,
    ];
    for (const value of odd) expect(encodeHandoff(stateOf({ "routes/x": { value } }))).toBeNull();
  });
});
