/**
 * Discogs's API over fetch (https://www.discogs.com/developers): a personal access token in the Authorization header
 * (never in an address that could be logged), a User-Agent naming the shop (Discogs refuses requests without one),
 * a 10-second timeout, and requests spaced one a second (Discogs's 60 a minute). Failures become the errors of
 * discogs-client.ts, which say what to do next: fix the token, wait, or give up on the request.
 */
import { RATE_LIMIT_WAIT_MS, REQUEST_SPACING_MS } from "../../app/domain/discogs/discogs-sync-rules";
import type { Config } from "../config";
import {
  DiscogsAuthError,
  DiscogsRateLimitedError,
  DiscogsRequestError,
  DiscogsUnavailableError,
  type DiscogsClient,
  type DiscogsListingInput,
  type DiscogsOrder,
  type DiscogsRelease,
} from "./discogs-client";

export const DEFAULT_DISCOGS_API_URL = "https://api.discogs.com";
export const DISCOGS_USER_AGENT = "NeedledropRecordShop/1.0 +https://needledrop.example";
export const DISCOGS_TIMEOUT_MS = 10_000;
/** Orders asked for per page, and at most this many pages a poll (a backlog is taken up by the next polls). */
const ORDERS_PER_PAGE = 50;
const MAX_ORDER_PAGES = 20;
/** How far back the inventory is read for a listing made by a create that timed out: the newest listings first. */
const INVENTORY_PAGES = 3;

export interface HttpDiscogsClientOptions {
  token: string;
  apiUrl?: string;
  userAgent?: string;
  timeoutMs?: number;
  /** The least time between two requests' starts (tests shorten it). */
  spacingMs?: number;
}

type Money = { value?: number; currency?: string } | undefined;
const pence = (money: Money): number => Math.round(Number(money?.value ?? 0) * 100);
const pounds = (p: number): number => Math.round(p) / 100;

interface RawOrder {
  id: string | number;
  status?: string;
  created?: string;
  buyer?: { username?: string };
  shipping_address?: string;
  total?: Money;
  items?: { id: number; release?: { id?: number }; price?: Money; external_id?: string | null }[];
}

interface RawRelease {
  id: number;
  title?: string;
  year?: string | number;
  label?: string[];
  catno?: string;
  format?: string[];
  country?: string;
  thumb?: string;
}

interface Paged {
  pagination?: { page?: number; pages?: number };
}

/** One request at a time, each starting `spacingMs` after the one before (the shop's share of Discogs's limit). */
function spacer(spacingMs: number) {
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + spacingMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

export function createHttpDiscogsClient(options: HttpDiscogsClientOptions): DiscogsClient {
  const base = (options.apiUrl ?? DEFAULT_DISCOGS_API_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DISCOGS_TIMEOUT_MS;
  const wait = spacer(options.spacingMs ?? REQUEST_SPACING_MS);
  let username: string | null = null;

  async function call<T>(method: string, path: string, params: Record<string, string> = {}, body?: unknown): Promise<T | null> {
    await wait();
    const query = new URLSearchParams(params).toString();
    let response: Response;
    try {
      response = await fetch(`${base}${path}${query ? `?${query}` : ""}`, {
        method,
        headers: {
          authorization: `Discogs token=${options.token}`,
          "user-agent": options.userAgent ?? DISCOGS_USER_AGENT,
          accept: "application/vnd.discogs.v2.discogs+json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new DiscogsUnavailableError(
        timedOut ? `Discogs did not answer within ${Math.round(timeoutMs / 1000)} seconds.` : "Discogs could not be reached.",
      );
    }
    const text = await response.text().catch(() => "");
    if (response.ok) return text ? (JSON.parse(text) as T) : null;
    const reason = reasonOf(text);
    if (response.status === 401 || response.status === 403)
      throw new DiscogsAuthError(`Discogs refused the token (HTTP ${response.status}${reason ? `: ${reason}` : ""}).`);
    if (response.status === 429) {
      const seconds = Number(response.headers.get("retry-after"));
      const after = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : RATE_LIMIT_WAIT_MS;
      throw new DiscogsRateLimitedError("Discogs asked the shop to slow down (HTTP 429).", after);
    }
    if (response.status >= 500) throw new DiscogsUnavailableError(`Discogs failed (HTTP ${response.status}).`);
    throw new DiscogsRequestError(
      `Discogs refused the request (HTTP ${response.status}${reason ? `: ${reason}` : ""}).`,
      response.status,
    );
  }

  const listingBody = (l: DiscogsListingInput) => ({
    release_id: l.releaseId,
    condition: l.condition,
    sleeve_condition: l.sleeveCondition,
    price: pounds(l.pricePence),
    comments: l.comments,
    allow_offers: false,
    status: "For Sale",
    external_id: l.externalId,
    ...(l.location ? { location: l.location } : {}),
    ...(l.weight ? { weight: l.weight } : {}),
  });

  async function identity() {
    const body = await call<{ username?: string }>("GET", "/oauth/identity");
    if (!body?.username) throw new DiscogsUnavailableError("Discogs answered without a user name.");
    username = body.username;
    return { username };
  }

  return {
    identity,

    async searchReleases(query, limit = 10) {
      const params: Record<string, string> = { type: "release", per_page: String(Math.min(Math.max(limit, 1), 50)) };
      if (query.barcode) params.barcode = query.barcode;
      if (query.catalogNumber) params.catno = query.catalogNumber;
      const body = await call<{ results?: RawRelease[] }>("GET", "/database/search", params);
      return (body?.results ?? []).slice(0, limit).map(releaseOf);
    },

    async createListing(listing) {
      const body = await call<{ listing_id?: number }>("POST", "/marketplace/listings", {}, listingBody(listing));
      if (typeof body?.listing_id !== "number") throw new DiscogsUnavailableError("Discogs answered without a listing id.");
      return { listingId: body.listing_id };
    },

    async updateListing(listingId, listing) {
      await call("POST", `/marketplace/listings/${listingId}`, {}, listingBody(listing));
    },

    async deleteListing(listingId) {
      try {
        await call("DELETE", `/marketplace/listings/${listingId}`);
      } catch (error) {
        // Already gone (deleted by hand, or a retried delete whose first try went through).
        if (error instanceof DiscogsRequestError && error.status === 404) return;
        throw error;
      }
    },

    async ordersSince(since) {
      const found: DiscogsOrder[] = [];
      for (let page = 1; page <= MAX_ORDER_PAGES; page += 1) {
        const body = await call<Paged & { orders?: RawOrder[] }>("GET", "/marketplace/orders", {
          created_after: since,
          sort: "created",
          sort_order: "asc",
          per_page: String(ORDERS_PER_PAGE),
          page: String(page),
        });
        found.push(...(body?.orders ?? []).map(orderOf));
        if (page >= (body?.pagination?.pages ?? 1)) break;
      }
      return found;
    },

    async findListingByExternalId(externalId) {
      const user = username ?? (await identity()).username;
      for (let page = 1; page <= INVENTORY_PAGES; page += 1) {
        const body = await call<Paged & { listings?: { id: number; external_id?: string; status?: string }[] }>(
          "GET",
          `/users/${encodeURIComponent(user)}/inventory`,
          { sort: "listed", sort_order: "desc", per_page: "100", page: String(page) },
        );
        // A sold listing of the same copy (it sold on Discogs, came back and is listed anew) is not this one.
        const match = body?.listings?.find((l) => l.external_id === externalId && l.status !== "Sold");
        if (match) return match.id;
        if (page >= (body?.pagination?.pages ?? 1)) break;
      }
      return null;
    },
  };
}

/** Discogs's own reason for a refusal, short (never the request, which carries nothing secret anyway). */
function reasonOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === "string" ? message.slice(0, 200) : "";
  } catch {
    return "";
  }
}

function releaseOf(r: RawRelease): DiscogsRelease {
  // Discogs titles a search result "Artist - Title".
  const full = r.title ?? "";
  const split = full.indexOf(" - ");
  const year = Number(r.year);
  return {
    id: r.id,
    artist: split > 0 ? full.slice(0, split) : "",
    title: split > 0 ? full.slice(split + 3) : full,
    year: Number.isInteger(year) && year > 0 ? year : null,
    label: r.label?.[0] ?? null,
    catalogNumber: r.catno || null,
    format: r.format?.length ? r.format.join(", ") : null,
    country: r.country || null,
    thumbUrl: r.thumb || null,
  };
}

function orderOf(o: RawOrder): DiscogsOrder {
  return {
    id: String(o.id),
    status: o.status ?? "",
    createdAt: o.created ? new Date(o.created).toISOString() : new Date().toISOString(),
    buyer: o.buyer?.username ?? "",
    shippingAddress: o.shipping_address ?? "",
    totalPence: pence(o.total),
    items: (o.items ?? []).map((i) => ({
      listingId: i.id,
      releaseId: i.release?.id ?? 0,
      pricePence: pence(i.price),
      externalId: i.external_id ?? null,
    })),
  };
}

/** The HTTP client when DISCOGS_TOKEN is set, else null: everything Discogs is off. */
export function discogsClientFor(config: Pick<Config, "DISCOGS_TOKEN" | "DISCOGS_API_URL">): DiscogsClient | null {
  if (!config.DISCOGS_TOKEN) return null;
  return createHttpDiscogsClient({ token: config.DISCOGS_TOKEN, apiUrl: config.DISCOGS_API_URL });
}
