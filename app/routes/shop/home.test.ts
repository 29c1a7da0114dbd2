import { describe, expect, it } from "vitest";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import { pageGet, routeArgs } from "../../../tests/setup/route-context";
import { loader } from "./home";

const shop = useShopServices();
const load = (path: string) => loader(routeArgs({ db: shop.t.db, services: shop.s }, pageGet(path)));

describe("the home page's loader", () => {
  it("shows a write on the next request", () => {
    insertRecord(shop.t.db, { title: "Home Kept" });
    const first = load("/");
    // A parameter the page does not read (a campaign tag) is the same page.
    expect(load("/?utm_source=mail")).toEqual(first);
    insertRecord(shop.t.db, { title: "Home Added" });
    const after = load("/");
    expect(after.recordCount).toBe(first.recordCount + 1);
    expect(after.recentlyUpdated.map((t) => t.title)).toContain("Home Added");
  });

  it("reads the trivia only when it is asked for", () => {
    expect(load("/").trivia).toBeNull();
    expect(load("/?trivia=1").trivia).not.toBeNull();
    expect(load("/").trivia).toBeNull();
  });
});
