import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { records } from "../../../db/schema";
import { recordPath } from "~/domain/catalogue/slug";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import { action, loader } from "./record";

const shop = useShopServices();
const call = (request: Request) => {
  const args = routeArgs({ db: shop.t.db, services: shop.s }, request);
  return { ...args, params: { "*": args.url.pathname.slice("/vinyl/".length) } };
};
const load = (path: string, cookie?: string) => settle(() => loader(call(pageGet(path, cookie))));
type Loaded = NonNullable<Awaited<ReturnType<typeof load>>["data"]>;
type RecordPage = Extract<Loaded, { kind: "record" }>;
const pageOf = async (path: string, cookie?: string) => (await load(path, cookie)).data as RecordPage;

describe("the record page's loader", () => {
  it("gives each shopper their own want and address beside the same record", async () => {
    const rec = insertRecord(shop.t.db, { title: "Shared Shoreline", artist: "The Sharers", stockQuantity: 0 });
    const path = recordPath({ id: rec.id, artist: "The Sharers", title: "Shared Shoreline" });
    const wanter = await newCustomer(shop.s);
    const other = await newCustomer(shop.s);
    const wanterCookie = sessionOf(shop.s, wanter.user.id).cookie;
    const otherCookie = sessionOf(shop.s, other.user.id).cookie;
    const wanted = await settle(() =>
      action(call(formPost(path, { intent: "want", recordId: String(rec.id), backInStock: "on" }, wanterCookie))),
    );
    expect(wanted.status).toBe(303);

    const guest = await pageOf(path);
    const theirs = await pageOf(path, wanterCookie);
    const another = await pageOf(path, otherCookie);
    expect(theirs.record).toEqual(guest.record);
    expect(another.moreLikeThis).toEqual(guest.moreLikeThis);
    expect([guest.want, guest.accountEmail]).toEqual([null, null]);
    expect(theirs.want).toMatchObject({ backInStock: true });
    expect(theirs.accountEmail).toBe(wanter.user.email);
    expect([another.want, another.accountEmail]).toEqual([null, other.user.email]);
  });

  it("sends a drop's page to its waiting room as a whole page while the queue is open", async () => {
    const rec = insertRecord(shop.t.db, {
      title: "Queue Pressing",
      artist: "The Waiters",
      isDrop: true,
      limitPerCustomer: 1,
      onSaleAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const path = recordPath({ id: rec.id, artist: "The Waiters", title: "Queue Pressing" });
    const sent = await load(path);
    expect([sent.thrown, sent.status, sent.location]).toEqual([true, 303, `/drops/${rec.id}`]);
    // The waiting room is not one of the app's routes: the browser must load it, not the client router.
    expect(sent.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("shows a write on the next request", async () => {
    const rec = insertRecord(shop.t.db, { title: "Price Moves", artist: "The Movers", pricePence: 2500 });
    const path = recordPath({ id: rec.id, artist: "The Movers", title: "Price Moves" });
    expect((await pageOf(path)).record.pricePence).toBe(2500);
    shop.t.db.update(records).set({ pricePence: 1800 }).where(eq(records.id, rec.id)).run();
    expect((await pageOf(path)).record.pricePence).toBe(1800);
  });

  it("sends an old or partial address to the record's own, and an unknown one to a 404, every time", async () => {
    const rec = insertRecord(shop.t.db, { title: "Only Once", artist: "The Singular" });
    const path = recordPath({ id: rec.id, artist: "The Singular", title: "Only Once" });
    for (let i = 0; i < 2; i++) {
      const wrongSlug = await load(`/vinyl/${rec.id}-old-name`);
      expect([wrongSlug.status, wrongSlug.location]).toEqual([301, path]);
      const slugOnly = await load(`/vinyl/${path.slice(`/vinyl/${rec.id}-`.length)}`);
      expect([slugOnly.status, slugOnly.location]).toEqual([302, path]);
      const unknown = await load("/vinyl/999999999-nobody");
      expect([unknown.thrown, unknown.status]).toEqual([true, 404]);
    }
  });

  it("answers a moved address with 301 under all three prefixes, and a slug alone with 302 (decision 22)", async () => {
    const rec = insertRecord(shop.t.db, { title: "Kind Of Moved", artist: "The Redirects" });
    const path = recordPath({ id: rec.id, artist: "The Redirects", title: "Kind Of Moved" });
    const slug = path.slice(`/vinyl/${rec.id}-`.length);
    // Each route hands the loader its identifier as React Router does: /track/:identifier, /vinyl/*, /pre-order/*.
    const get = (prefix: "track" | "vinyl" | "pre-order", identifier: string) => {
      const args = routeArgs({ db: shop.t.db, services: shop.s }, pageGet(`/${prefix}/${identifier}`));
      const params = prefix === "track" ? { identifier } : { "*": identifier };
      return settle(() => loader({ ...args, params } as Parameters<typeof loader>[0]));
    };
    for (const [prefix, identifier] of [
      ["track", String(rec.id)],
      ["track", `${rec.id}-${slug}`],
      ["vinyl", String(rec.id)],
      ["vinyl", `${rec.id}-old-name`],
      ["pre-order", `${rec.id}-${slug}`],
    ] as const) {
      const moved = await get(prefix, identifier);
      expect([prefix, identifier, moved.status, moved.location]).toEqual([prefix, identifier, 301, path]);
    }
    // A slug alone may later name another record too (then the shopper chooses): the answer must not be cached for good.
    for (const prefix of ["vinyl", "pre-order", "track"] as const) {
      const slugOnly = await get(prefix, slug);
      expect([prefix, slugOnly.status, slugOnly.location]).toEqual([prefix, 302, path]);
    }
    expect((await get("vinyl", path.slice("/vinyl/".length))).status).toBe(200);
  });
});
