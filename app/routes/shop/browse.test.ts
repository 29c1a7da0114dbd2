import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { records } from "../../../db/schema";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../tests/setup/route-context";
import { loader } from "./browse";

const shop = useShopServices();
const load = (path: string, cookie?: string) =>
  settle(() => loader(routeArgs({ db: shop.t.db, services: shop.s }, pageGet(path, cookie))));

type Page = Extract<NonNullable<Awaited<ReturnType<typeof load>>["data"]>, { tracks: unknown }>;
const tracksOf = async (path: string, cookie?: string) => ((await load(path, cookie)).data as Page).tracks;

describe("/browse's loader", () => {
  it("shows everyone the same page for the same choices, signed in or not", async () => {
    insertRecord(shop.t.db, { title: "Kept Between Requests", artist: "The Keepers" });
    const { user } = await newCustomer(shop.s);
    const { cookie } = sessionOf(shop.s, user.id);
    const first = await load("/browse?q=Keepers");
    const again = await load("/browse?q=Keepers", cookie);
    expect((first.data as Page).tracks.map((t) => t.title)).toEqual(["Kept Between Requests"]);
    expect(again.data).toEqual(first.data);
    // A parameter the page does not read (a campaign tag) is the same page.
    expect((await load("/browse?utm_source=mail&q=Keepers")).data).toEqual(first.data);
  });

  it("shows a write on the next request: a new price, new stock, a record added", async () => {
    const rec = insertRecord(shop.t.db, { title: "Changes Shown", artist: "The Changers", pricePence: 2500, stockQuantity: 2 });
    expect((await tracksOf("/browse?q=Changers")).map((t) => [t.price, t.stockQuantity])).toEqual([["£25.00", 2]]);
    shop.t.db.update(records).set({ pricePence: 1999, stockQuantity: 1 }).where(eq(records.id, rec.id)).run();
    expect((await tracksOf("/browse?q=Changers")).map((t) => [t.price, t.stockQuantity])).toEqual([["£19.99", 1]]);
    insertRecord(shop.t.db, { title: "Changes Added", artist: "The Changers" });
    expect((await tracksOf("/browse?q=Changers")).map((t) => t.title).sort()).toEqual(["Changes Added", "Changes Shown"]);
  });

  it("keeps each address's page apart", async () => {
    insertRecord(shop.t.db, { title: "Apart One", artist: "The Apartments", genre: "Jazz" });
    insertRecord(shop.t.db, { title: "Apart Two", artist: "The Apartments", genre: "Soul" });
    expect((await tracksOf("/browse?q=Apartments&genre=Jazz")).map((t) => t.title)).toEqual(["Apart One"]);
    expect((await tracksOf("/browse?q=Apartments&genre=Soul")).map((t) => t.title)).toEqual(["Apart Two"]);
  });

  it("answers an unknown genre with a 404 that names the genres there are, every time", async () => {
    for (let i = 0; i < 2; i++) {
      const out = await load("/browse?genre=Nonexistent");
      expect(out.status).toBe(404);
      expect(out.data).toMatchObject({ unknownGenres: ["Nonexistent"] });
      expect((out.data as { genres: string[] }).genres).toContain("Jazz");
    }
  });

  it("still tidies an address with empty boxes first", async () => {
    const out = await load("/browse?q=&genre=Jazz");
    expect(out.thrown).toBe(true);
    expect(out.location).toBe("/browse?genre=Jazz");
  });
});
