import { describe, expect, it } from "vitest";
import { signedInAdmin } from "../../../../tests/setup/admin-routes";
import { formPost, routeArgs, settle, toastOf } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { action } from "./delivery-settings";

const shop = useShopServices();
const PATH = "/admin/delivery";
const post = (fields: Record<string, string>, cookie: string) =>
  settle(() => action(routeArgs({ db: shop.t.db, services: shop.s }, formPost(PATH, fields, cookie))));

describe("the delivery settings page", () => {
  it("saves a rate table sent as a plain form, a band removed and one added", async () => {
    const admin = await signedInAdmin(shop);
    const done = await post(
      {
        intent: "rates-usa-intl_standard",
        zone: "usa",
        service: "intl_standard",
        "bands[0].maxGrams": "500",
        "bands[0].price": "13.50",
        "bands[1].maxGrams": "750",
        "bands[1].price": "15.50",
        "bands[1].remove": "on",
        "bands[2].maxGrams": "2,000",
        "bands[2].price": "24.95",
        "bands[3].maxGrams": "",
        "bands[3].price": "",
      },
      admin.cookie,
    );
    expect(await toastOf(done.headers)).toMatchObject({ title: "Rates saved" });
    const usa = shop.s.deliverySettings.get().rates.filter((r) => r.zone === "usa" && r.service === "intl_standard");
    expect(usa.map((r) => [r.maxGrams, r.pricePence]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [500, 1350],
      [2000, 2495],
    ]);
  });

  it("refuses a bad band with a 400 and its message, saving nothing", async () => {
    const admin = await signedInAdmin(shop);
    const before = shop.s.deliverySettings.get().rates;
    const bad = await post(
      {
        intent: "rates-world-intl_tracked",
        zone: "world",
        service: "intl_tracked",
        "bands[0].maxGrams": "500",
        "bands[0].price": "18.50",
        "bands[1].maxGrams": "lots",
        "bands[1].price": "20",
      },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "rates-world-intl_tracked",
      result: { error: { "bands[1].maxGrams": ["Enter the weight in whole grams, such as 750"] } },
    });
    expect(shop.s.deliverySettings.get().rates).toEqual(before);
  });

  it("refuses a nonsense euro rate and saves a good one", async () => {
    const admin = await signedInAdmin(shop);
    const bad = await post({ intent: "exchange-rate", eurPerGbp: "10", asOf: "2026-11-27" }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      result: { error: { eurPerGbp: ["A pound buys between €0.50 and €3.00: check the rate"] } },
    });
    const good = await post({ intent: "exchange-rate", eurPerGbp: "1.1650", asOf: "2026-11-27" }, admin.cookie);
    expect(await toastOf(good.headers)).toMatchObject({ title: "Euro rate saved" });
    expect(shop.s.deliverySettings.get().exchangeRate).toEqual({ eurPerGbp: 1.165, asOf: "2026-11-27" });
  });

  it("answers removing a label that has no origin with a 404 message, not a 500", async () => {
    const admin = await signedInAdmin(shop);
    const missing = await post({ intent: "remove-label-origin", label: "Nobody Records" }, admin.cookie);
    expect(missing.status).toBe(404);
  });
});
