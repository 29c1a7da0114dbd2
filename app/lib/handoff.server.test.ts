import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
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
  const dir = path.resolve("node_modules/react-router/dist/production");
  const file = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".mjs"))
    .find((name) => fs.readFileSync(path.join(dir, name), "utf8").includes("// vendor/turbo-stream-v2/flatten.ts"));
  if (!file) throw new Error("React Router's turbo-stream encoder was not found");
  reactRouterEncode = ((await import(pathToFileURL(path.join(dir, file)).href)) as { encode: Encode }).encode;
});

/** What React Router's encoder writes for a document's state, with the plugins its document render passes. */
async function byReactRouter(state: object): Promise<string> {
  const noPlugin = () => undefined;
  const stream = reactRouterEncode(state, { plugins: [noPlugin, noPlugin, noPlugin], postPlugins: [noPlugin] });
  return new Response(stream).text();
}

const stateOf = (loaderData: Record<string, unknown>) => ({ loaderData, actionData: null, errors: null });

const shop = useShopServices();

describe("encodeHandoff", () => {
  it("writes a shop page's data exactly as React Router does", async () => {
    const context = { db: shop.t.db, services: shop.s };
    const pages = [
      { "routes/shop/home": homeLoader(routeArgs(context, pageGet("/"))) },
      { "routes/shop/home": homeLoader(routeArgs(context, pageGet("/?trivia=1"))) },
      { "routes/shop/browse": browseLoader(routeArgs(context, pageGet("/browse?sort=price-asc&page=2"))) },
    ];
    for (const loaderData of pages) {
      const state = stateOf({ root: { user: null, toast: null, shopper: { favouriteIds: [3, 1] } }, ...loaderData });
      const written = encodeHandoff(state);
      expect(written).not.toBeNull();
      expect(written).toBe(await byReactRouter(state));
    }
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
    const decoded = await decodeViaTurboStream(new Response(written).body!, globalThis);
    expect(decoded.value).toEqual(state);
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
      { [Symbol.for("redirect")]: "/elsewhere" },
      10n,
      () => "a function",
      Symbol.for("s"),
      new URL("https://example.com"),
      /regexp/,
    ];
    for (const value of odd) expect(encodeHandoff(stateOf({ "routes/x": { value } }))).toBeNull();
  });
});
