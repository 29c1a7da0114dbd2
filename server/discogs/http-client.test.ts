import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDiscogsStandIn, type DiscogsStandIn } from "../../tests/setup/discogs-stand-in";
import { loadConfig } from "../config";
import {
  DiscogsAuthError,
  DiscogsRateLimitedError,
  DiscogsRequestError,
  DiscogsUnavailableError,
  type DiscogsClient,
  type DiscogsListingInput,
} from "./discogs-client";
import { createHttpDiscogsClient, discogsClientFor, DISCOGS_USER_AGENT } from "./http-client";

// The HTTP client against a local stand-in for Discogs's API: nothing leaves the machine.
let api: DiscogsStandIn;
let client: DiscogsClient;

beforeAll(async () => {
  api = await startDiscogsStandIn();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  client = createHttpDiscogsClient({ token: api.token, apiUrl: api.url, timeoutMs: 300, spacingMs: 0 });
});

const listing: DiscogsListingInput = {
  releaseId: 249504,
  pricePence: 2550,
  condition: "Very Good Plus (VG+)",
  sleeveCondition: "Generic",
  comments: "Light hairlines on side B.",
  externalId: "used-kind-of-blue-1",
  location: "B3",
  weight: 230,
};

describe("the Discogs HTTP client", () => {
  it("sends the token in the Authorization header and names the shop in the User-Agent", async () => {
    expect(await client.identity()).toEqual({ username: "needledrop_shop" });
    const seen = api.requests.at(-1)!;
    expect(seen.path).toBe("/oauth/identity");
    expect(seen.authorization).toBe(`Discogs token=${api.token}`);
    expect(seen.userAgent).toBe(DISCOGS_USER_AGENT);
    expect(seen.query.toString()).not.toContain(api.token);
  });

  it("searches releases by barcode or catalogue number", async () => {
    const byBarcode = await client.searchReleases({ barcode: "074646493526" });
    expect(byBarcode).toEqual([
      {
        id: 249504,
        title: "Kind Of Blue",
        artist: "Miles Davis",
        year: 1959,
        label: "Columbia",
        catalogNumber: "CL 1355",
        format: "Vinyl, LP, Album, Mono",
        country: "US",
        thumbUrl: "https://i.discogs.com/thumb-249504.jpg",
      },
    ]);
    expect(api.requests.at(-1)!.query.get("type")).toBe("release");
    expect((await client.searchReleases({ catalogNumber: "blp 1577" })).map((r) => r.id)).toEqual([1401128]);
    expect(await client.searchReleases({ barcode: "000" })).toEqual([]);
  });

  it("creates, updates and deletes a listing, prices in pounds; deleting one already gone succeeds", async () => {
    const { listingId } = await client.createListing(listing);
    expect(api.listings.get(listingId)).toMatchObject({
      releaseId: 249504,
      price: 25.5,
      condition: "Very Good Plus (VG+)",
      sleeveCondition: "Generic",
      externalId: "used-kind-of-blue-1",
      status: "For Sale",
    });
    await client.updateListing(listingId, { ...listing, pricePence: 1999 });
    expect(api.listings.get(listingId)!.price).toBe(19.99);
    expect(await client.findListingByExternalId!("used-kind-of-blue-1")).toBe(listingId);
    expect(await client.findListingByExternalId!("no-such-copy")).toBeNull();
    await client.deleteListing(listingId);
    expect(api.listings.has(listingId)).toBe(false);
    await expect(client.deleteListing(listingId)).resolves.toBeUndefined();
  });

  it("reads new orders oldest first, every page, in pence", async () => {
    const made: number[] = [];
    for (let i = 0; i < 120; i += 1) made.push((await client.createListing({ ...listing, externalId: `copy-${i}` })).listingId);
    const base = Date.parse("2026-11-20T10:00:00Z");
    for (let i = 0; i < 120; i += 1)
      api.addOrder({ id: `5550-${i}`, listingIds: [made[i]!], created: new Date(base + i * 60_000).toISOString() });
    const orders = await client.ordersSince(new Date(base + 9.5 * 60_000).toISOString());
    expect(orders).toHaveLength(110);
    expect(orders[0]).toEqual({
      id: "5550-10",
      status: "New Order",
      createdAt: new Date(base + 10 * 60_000).toISOString(),
      buyer: "crate_digger",
      shippingAddress: "Jo Bloggs\n12 High Street\nBristol\nBS1 4DJ\nUnited Kingdom",
      totalPence: 2900,
      items: [{ listingId: made[10], releaseId: 249504, pricePence: 2550, externalId: null }],
    });
    expect(orders.at(-1)!.id).toBe("5550-119");
    const asked = api.requests.filter((r) => r.path === "/marketplace/orders");
    expect(asked.map((r) => r.query.get("page"))).toEqual(["1", "2", "3"]);
    expect(asked[0]!.query.get("sort")).toBe("created");
    expect(asked[0]!.query.get("sort_order")).toBe("asc");
  });

  it("a refused token is a DiscogsAuthError that never repeats the token", async () => {
    api.token = "anotherTokenAltogether123";
    const error = await client.identity().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscogsAuthError);
    expect(String((error as Error).message)).toMatch(/refused the token/);
    expect(String((error as Error).message)).not.toContain("standInToken");
  });

  it("429 is DiscogsRateLimitedError with the wait Discogs asked for", async () => {
    api.trouble("429");
    const error = await client.identity().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscogsRateLimitedError);
    expect((error as DiscogsRateLimitedError).retryAfterMs).toBe(2000);
  });

  it("500, a timeout and an unreachable Discogs are DiscogsUnavailableError", async () => {
    api.trouble("500");
    await expect(client.identity()).rejects.toBeInstanceOf(DiscogsUnavailableError);
    api.trouble("hang");
    const started = Date.now();
    await expect(client.identity()).rejects.toThrow(/did not answer within/);
    expect(Date.now() - started).toBeLessThan(3000);
    const nowhere = createHttpDiscogsClient({ token: api.token, apiUrl: "http://127.0.0.1:9", spacingMs: 0 });
    await expect(nowhere.identity()).rejects.toBeInstanceOf(DiscogsUnavailableError);
  });

  it("another 4xx is DiscogsRequestError with Discogs's reason", async () => {
    const error = await client.createListing({ ...listing, releaseId: 999_999_999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscogsRequestError);
    expect((error as DiscogsRequestError).status).toBe(422);
    expect((error as Error).message).toMatch(/Invalid release_id/);
  });

  it("spaces its requests, one after another (one a second unless told otherwise)", async () => {
    const paced = createHttpDiscogsClient({ token: api.token, apiUrl: api.url, spacingMs: 200 });
    const started = Date.now();
    await Promise.all([paced.identity(), paced.identity(), paced.identity()]);
    const times = api.requests.map((r) => r.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(190);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });
});

describe("DISCOGS_TOKEN", () => {
  it("switches Discogs on; without it there is no client", () => {
    expect(discogsClientFor(loadConfig({}))).toBeNull();
    expect(discogsClientFor(loadConfig({ DISCOGS_TOKEN: "abcdefghijklmnopqrstuvwxyz12" }))).not.toBeNull();
  });

  it("refuses a malformed token or API address, naming the variable but not the value", () => {
    expect(() => loadConfig({ DISCOGS_TOKEN: "has spaces in it and more" })).toThrow(/DISCOGS_TOKEN/);
    expect(() => loadConfig({ DISCOGS_TOKEN: "has spaces in it and more" })).not.toThrow(/has spaces/);
    expect(() => loadConfig({ DISCOGS_API_URL: "ftp://x" })).toThrow(/DISCOGS_API_URL/);
  });
});
