/**
 * A local stand-in for Discogs's API (https://www.discogs.com/developers), for the client's, the sync's and the
 * browser tests: a node http server with the endpoints the shop calls, an in-memory store of listings and orders,
 * and switches to answer 429, 500, a wrong token, or nothing at all (past the client's timeout). Nothing leaves the
 * machine. Test-only: no vitest import, so a Playwright spec can start one too.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInListing {
  id: number;
  releaseId: number;
  /** In pounds, as Discogs keeps it. */
  price: number;
  condition: string;
  sleeveCondition: string;
  comments: string;
  externalId: string;
  location: string | null;
  status: "For Sale" | "Sold";
}

export interface StandInOrder {
  id: string;
  status: string;
  created: string;
  buyer: string;
  shippingAddress: string;
  /** In pounds. */
  total: number;
  items: { listingId: number; releaseId: number; price: number; description: string }[];
}

export interface StandInRelease {
  id: number;
  title: string;
  year: number;
  label: string;
  catno: string;
  barcode: string;
  format: string[];
  country: string;
}

/** How the next requests are answered: normally, 429, 500, or not at all; "hang_after" does the work first. */
export type StandInTrouble = "429" | "500" | "hang" | "hang_after";

export interface SeenDiscogsRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  userAgent: string | undefined;
  at: number;
}

export interface DiscogsStandIn {
  url: string;
  /** The token it accepts; change it to make the shop's token wrong. */
  token: string;
  username: string;
  listings: Map<number, StandInListing>;
  orders: StandInOrder[];
  releases: StandInRelease[];
  requests: SeenDiscogsRequest[];
  /** The next `times` requests meet `trouble` (then it answers normally again). */
  trouble(trouble: StandInTrouble, times?: number): void;
  /** A Discogs order for listed copies, created now (or at `created`); the listings are marked sold. */
  addOrder(order: {
    id: string;
    listingIds: number[];
    buyer?: string;
    address?: string;
    status?: string;
    created?: string;
  }): StandInOrder;
  reset(): void;
  close(): Promise<void>;
}

const PAGE_LIMIT = 100;

export const STAND_IN_RELEASES: StandInRelease[] = [
  {
    id: 249504,
    title: "Miles Davis - Kind Of Blue",
    year: 1959,
    label: "Columbia",
    catno: "CL 1355",
    barcode: "074646493526",
    format: ["Vinyl", "LP", "Album", "Mono"],
    country: "US",
  },
  {
    id: 1401128,
    title: "John Coltrane - Blue Train",
    year: 1958,
    label: "Blue Note",
    catno: "BLP 1577",
    barcode: "724349532714",
    format: ["Vinyl", "LP", "Album"],
    country: "US",
  },
];

export async function startDiscogsStandIn(options: { token?: string; username?: string } = {}): Promise<DiscogsStandIn> {
  const hanging = new Set<http.ServerResponse>();
  let nextListingId = 900_000_001;
  let planned: { trouble: StandInTrouble; times: number } | null = null;

  const standIn: DiscogsStandIn = {
    url: "",
    token: options.token ?? "standInToken1234567890",
    username: options.username ?? "needledrop_shop",
    listings: new Map(),
    orders: [],
    releases: STAND_IN_RELEASES.map((r) => ({ ...r })),
    requests: [],
    trouble(trouble, times = 1) {
      planned = { trouble, times };
    },
    addOrder({ id, listingIds, buyer = "crate_digger", address, status = "New Order", created }) {
      const items = listingIds.map((listingId) => {
        const listing = standIn.listings.get(listingId);
        if (!listing) throw new Error(`stand-in: no listing ${listingId}`);
        listing.status = "Sold";
        return { listingId, releaseId: listing.releaseId, price: listing.price, description: `Release ${listing.releaseId}` };
      });
      const order: StandInOrder = {
        id,
        status,
        created: created ?? new Date().toISOString(),
        buyer,
        shippingAddress: address ?? "Jo Bloggs\n12 High Street\nBristol\nBS1 4DJ\nUnited Kingdom",
        total: items.reduce((sum, item) => sum + item.price, 0) + 3.5,
        items,
      };
      standIn.orders.push(order);
      return order;
    },
    reset() {
      standIn.listings.clear();
      standIn.orders.length = 0;
      standIn.requests.length = 0;
      standIn.token = options.token ?? "standInToken1234567890";
      planned = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function takeTrouble(): StandInTrouble | null {
    if (!planned) return null;
    const { trouble } = planned;
    planned.times -= 1;
    if (planned.times <= 0) planned = null;
    return trouble;
  }

  type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Reply {
    if (method === "GET" && path === "/oauth/identity") {
      return {
        status: 200,
        body: { id: 1, username: standIn.username, resource_url: `${standIn.url}/users/${standIn.username}`, consumer_name: "x" },
      };
    }
    if (method === "GET" && path === "/database/search") return search(query);
    if (method === "POST" && path === "/marketplace/listings") {
      const listing: StandInListing = {
        id: nextListingId++,
        releaseId: Number(body.release_id),
        price: Number(body.price),
        condition: String(body.condition ?? ""),
        sleeveCondition: String(body.sleeve_condition ?? ""),
        comments: String(body.comments ?? ""),
        externalId: String(body.external_id ?? ""),
        location: typeof body.location === "string" ? body.location : null,
        status: "For Sale",
      };
      // Discogs refuses a release that does not exist; here, one past any real release id.
      if (!(listing.releaseId > 0 && listing.releaseId < 100_000_000))
        return { status: 422, body: { message: "Invalid release_id" } };
      standIn.listings.set(listing.id, listing);
      return { status: 201, body: { listing_id: listing.id, resource_url: `${standIn.url}/marketplace/listings/${listing.id}` } };
    }
    const one = /^\/marketplace\/listings\/(\d+)$/.exec(path);
    if (one) {
      const listing = standIn.listings.get(Number(one[1]));
      if (!listing) return { status: 404, body: { message: "Listing not found." } };
      if (method === "DELETE") {
        standIn.listings.delete(listing.id);
        return { status: 204 };
      }
      if (method === "POST") {
        Object.assign(listing, {
          price: Number(body.price ?? listing.price),
          condition: String(body.condition ?? listing.condition),
          sleeveCondition: String(body.sleeve_condition ?? listing.sleeveCondition),
          comments: String(body.comments ?? listing.comments),
        });
        return { status: 204 };
      }
    }
    if (method === "GET" && path === "/marketplace/orders") return ordersPage(query);
    if (method === "GET" && path === `/users/${standIn.username}/inventory`) return inventoryPage(query);
    return { status: 404, body: { message: "The requested resource was not found." } };
  }

  function paged<T>(items: T[], query: URLSearchParams) {
    const perPage = Math.min(PAGE_LIMIT, Math.max(1, Number(query.get("per_page") ?? 50)));
    const page = Math.max(1, Number(query.get("page") ?? 1));
    const pages = Math.max(1, Math.ceil(items.length / perPage));
    return {
      slice: items.slice((page - 1) * perPage, page * perPage),
      pagination: { page, pages, per_page: perPage, items: items.length },
    };
  }

  function search(query: URLSearchParams): Reply {
    const barcode = query.get("barcode");
    const catno = query.get("catno")?.toLowerCase();
    const found = standIn.releases.filter(
      (r) => (barcode && r.barcode === barcode) || (catno && r.catno.toLowerCase() === catno),
    );
    const { slice, pagination } = paged(found, query);
    return {
      status: 200,
      body: {
        pagination,
        results: slice.map((r) => ({
          id: r.id,
          type: "release",
          title: r.title,
          year: String(r.year),
          label: [r.label],
          catno: r.catno,
          barcode: [r.barcode],
          format: r.format,
          country: r.country,
          thumb: `https://i.discogs.com/thumb-${r.id}.jpg`,
        })),
      },
    };
  }

  function ordersPage(query: URLSearchParams): Reply {
    const after = query.get("created_after");
    const found = standIn.orders.filter((o) => !after || o.created > after).sort((a, b) => a.created.localeCompare(b.created));
    if (query.get("sort_order") === "desc") found.reverse();
    const { slice, pagination } = paged(found, query);
    return {
      status: 200,
      body: {
        pagination,
        orders: slice.map((o) => ({
          id: o.id,
          status: o.status,
          created: o.created,
          buyer: { id: 7, username: o.buyer },
          shipping_address: o.shippingAddress,
          total: { currency: "GBP", value: o.total },
          items: o.items.map((i) => ({
            id: i.listingId,
            release: { id: i.releaseId, description: i.description },
            price: { currency: "GBP", value: i.price },
          })),
        })),
      },
    };
  }

  function inventoryPage(query: URLSearchParams): Reply {
    const all = [...standIn.listings.values()].reverse();
    const { slice, pagination } = paged(all, query);
    return {
      status: 200,
      body: {
        pagination,
        listings: slice.map((l) => ({
          id: l.id,
          status: l.status,
          external_id: l.externalId,
          price: { currency: "GBP", value: l.price },
          release: { id: l.releaseId },
        })),
      },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const seen: SeenDiscogsRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        userAgent: req.headers["user-agent"],
        at: Date.now(),
      };
      standIn.requests.push(seen);
      const send = (reply: Reply) => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
      };
      if (req.headers.authorization !== `Discogs token=${standIn.token}`) {
        return send({ status: 401, body: { message: "You must authenticate to access this resource." } });
      }
      const trouble = takeTrouble();
      if (trouble === "429")
        return send({ status: 429, body: { message: "You are making requests too quickly." }, headers: { "retry-after": "2" } });
      if (trouble === "500") return send({ status: 500, body: { message: "Internal server error." } });
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      } catch {
        return send({ status: 400, body: { message: "Malformed JSON." } });
      }
      // A request that never gets its answer (the client gives up); "hang_after" does the work first, as a slow
      // Discogs may have done before the shop stopped waiting.
      if (trouble === "hang_after") route(seen.method, seen.path, url.searchParams, body);
      if (trouble === "hang" || trouble === "hang_after") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      send(route(seen.method, seen.path, url.searchParams, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
