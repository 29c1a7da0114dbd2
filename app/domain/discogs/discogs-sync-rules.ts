/**
 * The rules of the shop's Discogs sync (docs/decisions/0078-discogs-sync.md), pure so the sweep, the queue's runner
 * and the back-office page share them: which copies belong on Discogs, what a change on the shop asks of Discogs,
 * how fast requests go and how long a failed one waits, and how a Discogs order's address and an oversold sale read.
 */
import { formatPence } from "~/domain/shared/money";
import { z } from "~/domain/shared/zod";

/** Discogs lets an authenticated seller make 60 requests a minute: one a second, never in a burst. */
export const DISCOGS_REQUESTS_PER_MINUTE = 60;
export const REQUEST_SPACING_MS = 60_000 / DISCOGS_REQUESTS_PER_MINUTE;
/** How often the shop compares its copies with what is on Discogs (a copy sold here is delisted within a minute). */
export const SWEEP_EVERY_MS = 15_000;
/** Discogs sends no webhooks: new orders are asked for this often. */
export const POLL_ORDERS_EVERY_MS = 120_000;
/** A job that failed this many times (Discogs down, busy or slow each time) is given up and shown as failed. */
export const MAX_ATTEMPTS = 6;
/** The first retry's wait; each further one doubles it, up to RETRY_WAIT_CAP_MS. */
export const FIRST_RETRY_MS = 30_000;
export const RETRY_WAIT_CAP_MS = 30 * 60_000;
/** Discogs's 429 carries no Retry-After: wait a whole window. */
export const RATE_LIMIT_WAIT_MS = 60_000;

export const DISCOGS_JOB_KIND_NAMES = {
  list: "List",
  update: "Update price",
  delist: "Take off Discogs",
  poll_orders: "Fetch new orders",
} as const;
export type DiscogsJobKind = keyof typeof DISCOGS_JOB_KIND_NAMES;

/** Which waiting job goes first: a sale must come off Discogs before new copies go on. */
export const JOB_PRIORITY: Readonly<Record<DiscogsJobKind, number>> = { delist: 0, poll_orders: 1, update: 2, list: 3 };

/** At most one waiting job per copy and kind (the poll has one for the shop): the same change queued twice is sent once. */
export const jobDedupeKey = (kind: DiscogsJobKind, recordId: number | null): string =>
  recordId === null ? kind : `${kind}:${recordId}`;

/** The wait before try number `attempts + 1`, after `attempts` tries that failed. */
export function retryWaitMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(FIRST_RETRY_MS * 2 ** doublings, RETRY_WAIT_CAP_MS);
}

/** A used copy as the sweep sees it. */
export interface CopyOnShop {
  published: boolean;
  /** Published and past its publish time, not hidden by its content. */
  visible: boolean;
  stock: number;
  releaseId: number | null;
  pricePence: number;
}

/** The copy's discogs_listings row, if it has one. */
export interface CopyOnDiscogs {
  listingId: number | null;
  state: "queued" | "listed" | "delisted" | "sold_on_discogs" | "failed";
  listedPricePence: number | null;
}

/** Whether the copy may be for sale on Discogs now: on sale in the shop, in stock, with a release to list it under. */
export function belongsOnDiscogs(copy: CopyOnShop): boolean {
  return copy.published && copy.visible && copy.stock > 0 && copy.releaseId !== null;
}

/**
 * What the sweep queues for one copy: list a copy that belongs on Discogs and is not there, update a listed copy's
 * price, delist a listed copy that no longer belongs (sold here, unpublished). A copy without a listings row is the
 * sync's only when the owner's switch is on; a failed copy waits for "Try again".
 */
export function listingChange(
  copy: CopyOnShop,
  listing: CopyOnDiscogs | null,
  switchOn: boolean,
): "list" | "update" | "delist" | null {
  const wanted = belongsOnDiscogs(copy);
  if (!listing) return wanted && switchOn ? "list" : null;
  if (listing.state === "failed") return null;
  // Sold there: Discogs closed the listing itself. Back in stock (the sale was cancelled): a new listing.
  if (listing.state === "sold_on_discogs") return wanted ? "list" : null;
  if (listing.listingId === null) return wanted ? "list" : null;
  if (!wanted) return "delist";
  return listing.listedPricePence === copy.pricePence ? null : "update";
}

/** A Discogs order the shop leaves alone: cancelled before the poll saw it. */
export const isCancelledOrder = (status: string): boolean => /^cancel/i.test(status.trim());

/** The shipping address as Discogs gives it (one block of lines), in the order row's fields. */
export function addressFromDiscogs(text: string, buyer: string) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0)
    return {
      name: buyer,
      addressLine1: "(no address given on Discogs)",
      addressLine2: null,
      city: "",
      postalCode: "",
      country: "",
    };
  const [name, ...rest] = lines as [string, ...string[]];
  const country = rest.length >= 2 ? rest.pop()! : "";
  const postalCode = rest.length >= 2 && UK_POSTCODE.test(rest.at(-1)!) ? rest.pop()!.toUpperCase() : "";
  const city = rest.length >= 2 ? rest.pop()! : "";
  const [addressLine1 = "", ...more] = rest;
  return { name, addressLine1, addressLine2: more.length ? more.join(", ") : null, city, postalCode, country };
}

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

/** What the owner must do on Discogs when a copy sold there had already sold in the shop. */
/**
 * What the owner must do on Discogs for copies that had already sold in the shop. When none of the order could be
 * taken the whole order is cancelled, so the buyer gets everything back, postage too; when only some could, the
 * rest of the order stands and only the missing copies are refunded.
 */
export function oversoldNote(
  discogsOrderId: string,
  missing: readonly { item: string; pricePence: number }[],
  whole: { totalPence: number } | null,
): string {
  if (whole) {
    const items = missing.map((m) => m.item).join("; ");
    return `Already sold in the shop: cancel Discogs order ${discogsOrderId} (${items}) and refund the buyer in full, ${formatPence(whole.totalPence)} with postage, on Discogs.`;
  }
  const each = missing.map((m) => `${formatPence(m.pricePence)} for ${m.item}`).join(" and ");
  return `Already sold in the shop: on Discogs order ${discogsOrderId}, refund ${each}; the rest of the order was taken in.`;
}

// --- the back office's forms ---------------------------------------------------------------------------------

export const listingSwitchSchema = z.object({
  listUsed: z.enum(["on", "off"], { error: "Choose on or off." }),
});

export const discogsJobIdSchema = z.object({
  jobId: z.coerce.number({ error: "Choose a job." }).int("Choose a job.").positive("Choose a job."),
});

/** "Check the token": a button, no fields. */
export const checkTokenSchema = z.object({});
