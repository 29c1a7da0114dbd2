/**
 * What the shop asks of Discogs's API (https://www.discogs.com/developers): the database search and release, the
 * Marketplace listings of the shop's own used copies, and its orders. One interface so the sync, intake and tests
 * can use the real HTTP client (configured by DISCOGS_TOKEN) or a local stand-in, as with the payment providers.
 * Without a token there is no client and everything Discogs is switched off.
 */

/** A release as intake shows it among a barcode's or catalogue number's candidates. */
export interface DiscogsRelease {
  id: number;
  title: string;
  artist: string;
  year: number | null;
  label: string | null;
  catalogNumber: string | null;
  /** e.g. "Vinyl, LP, Album, Reissue". */
  format: string | null;
  country: string | null;
  /** Small cover image on Discogs's servers, shown only in the back office (null if none). */
  thumbUrl: string | null;
}

/** A Marketplace listing as the shop writes it (conditions in Discogs's exact words: app/domain/discogs). */
export interface DiscogsListingInput {
  releaseId: number;
  /** In the seller's currency (the shop sells in GBP), in pence. */
  pricePence: number;
  condition: string;
  sleeveCondition: string;
  comments: string;
  /** The shop's own reference for the copy (its catalogue id), echoed back in orders. */
  externalId: string;
  location: string | null;
  /** Grams. */
  weight: number | null;
}

/** A Marketplace order, as much of it as the shop keeps. */
export interface DiscogsOrder {
  /** e.g. "1234567-8". */
  id: string;
  /** Discogs's status words, e.g. "New Order", "Payment Pending", "Cancelled (Item Unavailable)". */
  status: string;
  createdAt: string;
  buyer: string;
  /** The shipping address as Discogs gives it: one block of text. */
  shippingAddress: string;
  totalPence: number;
  items: { listingId: number; releaseId: number; pricePence: number; externalId: string | null }[];
}

export interface DiscogsClient {
  /** The token's user name: checks the token (DiscogsAuthError when Discogs refuses it). */
  identity(): Promise<{ username: string }>;
  /** Releases with this barcode (digits) or catalogue number, most likely first; at most `limit`. */
  searchReleases(query: { barcode?: string; catalogNumber?: string }, limit?: number): Promise<DiscogsRelease[]>;
  createListing(listing: DiscogsListingInput): Promise<{ listingId: number }>;
  updateListing(listingId: number, listing: DiscogsListingInput): Promise<void>;
  /** Deleting a listing that is already gone succeeds (a retried delete must not fail forever). */
  deleteListing(listingId: number): Promise<void>;
  /** Orders created after `since` (ISO instant), oldest first. */
  ordersSince(since: string): Promise<DiscogsOrder[]>;
  /**
   * The listing already made for the shop's copy `externalId`, looked up in the seller's inventory (most recent
   * first): before a create that may have reached Discogs (it timed out) is sent again. Optional: a client without
   * it creates again.
   */
  findListingByExternalId?(externalId: string): Promise<number | null>;
}

/** Discogs refused the token (401/403): a setting to fix, not a failure to retry. */
export class DiscogsAuthError extends Error {
  override name = "DiscogsAuthError";
}

/** Discogs asked the shop to slow down (429); try again after `retryAfterMs`. */
export class DiscogsRateLimitedError extends Error {
  override name = "DiscogsRateLimitedError";
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Discogs failed (5xx), timed out or could not be reached: worth trying again later. */
export class DiscogsUnavailableError extends Error {
  override name = "DiscogsUnavailableError";
}

/** Discogs refused the request itself (4xx other than the above), e.g. an unknown release id. */
export class DiscogsRequestError extends Error {
  override name = "DiscogsRequestError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
