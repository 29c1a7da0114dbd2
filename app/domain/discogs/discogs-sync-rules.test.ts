import { describe, expect, it } from "vitest";
import {
  addressFromDiscogs,
  belongsOnDiscogs,
  FIRST_RETRY_MS,
  isCancelledOrder,
  jobDedupeKey,
  listingChange,
  listingSwitchSchema,
  oversoldNote,
  REQUEST_SPACING_MS,
  retryWaitMs,
  RETRY_WAIT_CAP_MS,
  type CopyOnDiscogs,
  type CopyOnShop,
} from "./discogs-sync-rules";

const onSale: CopyOnShop = { published: true, visible: true, stock: 1, releaseId: 249504, pricePence: 2500 };
const listed: CopyOnDiscogs = { listingId: 1001, state: "listed", listedPricePence: 2500 };

describe("the pace of requests", () => {
  it("is one a second, Discogs's 60 a minute", () => {
    expect(REQUEST_SPACING_MS).toBe(1000);
  });

  it("waits longer after each failed try, up to half an hour", () => {
    expect(retryWaitMs(1)).toBe(FIRST_RETRY_MS);
    expect(retryWaitMs(2)).toBe(2 * FIRST_RETRY_MS);
    expect(retryWaitMs(3)).toBe(4 * FIRST_RETRY_MS);
    expect(retryWaitMs(20)).toBe(RETRY_WAIT_CAP_MS);
    expect(retryWaitMs(0)).toBe(FIRST_RETRY_MS);
  });
});

describe("which copies belong on Discogs", () => {
  it("a published copy in stock with a release", () => {
    expect(belongsOnDiscogs(onSale)).toBe(true);
  });
  it.each([
    ["sold (no stock)", { stock: 0 }],
    ["unpublished", { published: false, visible: false }],
    ["not yet visible", { visible: false }],
    ["without a release", { releaseId: null }],
  ])("not one %s", (_why, change) => {
    expect(belongsOnDiscogs({ ...onSale, ...change })).toBe(false);
  });
});

describe("what the sweep queues for a copy", () => {
  it("lists a new copy only while the switch is on", () => {
    expect(listingChange(onSale, null, true)).toBe("list");
    expect(listingChange(onSale, null, false)).toBeNull();
  });

  it("lists a copy already offered (an imported listing's row) whatever the switch", () => {
    expect(listingChange(onSale, { listingId: null, state: "queued", listedPricePence: null }, false)).toBe("list");
  });

  it("updates a listed copy whose price changed, and leaves one in step alone", () => {
    expect(listingChange({ ...onSale, pricePence: 2200 }, listed, false)).toBe("update");
    expect(listingChange(onSale, listed, true)).toBeNull();
  });

  it("delists a listed copy sold in the shop or unpublished", () => {
    expect(listingChange({ ...onSale, stock: 0 }, listed, true)).toBe("delist");
    expect(listingChange({ ...onSale, published: false, visible: false }, listed, false)).toBe("delist");
  });

  it("lists a copy again once it is back in stock (a cancelled order) after being delisted or sold on Discogs", () => {
    expect(listingChange(onSale, { listingId: null, state: "delisted", listedPricePence: 2500 }, true)).toBe("list");
    expect(listingChange(onSale, { listingId: 1001, state: "sold_on_discogs", listedPricePence: 2500 }, true)).toBe("list");
  });

  it("leaves alone a copy sold on Discogs and still out of stock, a delisted one, and a failed one", () => {
    expect(
      listingChange({ ...onSale, stock: 0 }, { listingId: 1001, state: "sold_on_discogs", listedPricePence: 2500 }, true),
    ).toBeNull();
    expect(
      listingChange({ ...onSale, stock: 0 }, { listingId: null, state: "delisted", listedPricePence: 2500 }, true),
    ).toBeNull();
    expect(listingChange(onSale, { listingId: null, state: "failed", listedPricePence: null }, true)).toBeNull();
    expect(listingChange({ ...onSale, stock: 0 }, { listingId: 1001, state: "failed", listedPricePence: 2500 }, true)).toBeNull();
  });
});

describe("queue keys and orders", () => {
  it("one key per copy and kind, one for the poll", () => {
    expect(jobDedupeKey("delist", 42)).toBe("delist:42");
    expect(jobDedupeKey("poll_orders", null)).toBe("poll_orders");
  });

  it("knows Discogs's cancelled statuses", () => {
    expect(isCancelledOrder("Cancelled (Item Unavailable)")).toBe(true);
    expect(isCancelledOrder("New Order")).toBe(false);
    expect(isCancelledOrder("Payment Pending")).toBe(false);
  });

  it("reads Discogs's address block into the order's fields, the buyer's name on the first line", () => {
    expect(addressFromDiscogs("Jo Bloggs\n12 High Street\nFlat 2\nBristol\nBS1 4DJ\nUnited Kingdom", "jobloggs")).toEqual({
      name: "Jo Bloggs",
      addressLine1: "12 High Street",
      addressLine2: "Flat 2",
      city: "Bristol",
      postalCode: "BS1 4DJ",
      country: "United Kingdom",
    });
    expect(addressFromDiscogs("Anna Schmidt\nHauptstr. 5\n10115 Berlin\nGermany", "anna")).toEqual({
      name: "Anna Schmidt",
      addressLine1: "Hauptstr. 5",
      addressLine2: null,
      city: "10115 Berlin",
      postalCode: "",
      country: "Germany",
    });
  });

  it("keeps an order with no address at all under the buyer's name", () => {
    expect(addressFromDiscogs("  \r\n ", "vinylfan")).toEqual({
      name: "vinylfan",
      addressLine1: "(no address given on Discogs)",
      addressLine2: null,
      city: "",
      postalCode: "",
      country: "",
    });
  });

  it("tells the owner to cancel and refund in full when none of the order could be taken", () => {
    expect(oversoldNote("1234567-8", [{ item: "Miles Davis – Kind of Blue", pricePence: 2500 }], { totalPence: 2850 })).toBe(
      "Already sold in the shop: cancel Discogs order 1234567-8 (Miles Davis – Kind of Blue) and refund the buyer in full, £28.50 with postage, on Discogs.",
    );
  });

  it("tells the owner to refund only the missing copies when the rest was taken in", () => {
    expect(
      oversoldNote(
        "1234567-8",
        [
          { item: "Miles Davis – Kind of Blue", pricePence: 2500 },
          { item: "Nina Simone – Pastel Blues", pricePence: 1800 },
        ],
        null,
      ),
    ).toBe(
      "Already sold in the shop: on Discogs order 1234567-8, refund £25.00 for Miles Davis – Kind of Blue and £18.00 for Nina Simone – Pastel Blues; the rest of the order was taken in.",
    );
  });
});

describe("the listing switch's form", () => {
  it("takes on or off and nothing else", () => {
    expect(listingSwitchSchema.parse({ listUsed: "on" })).toEqual({ listUsed: "on" });
    expect(listingSwitchSchema.safeParse({ listUsed: "maybe" }).success).toBe(false);
  });
});
