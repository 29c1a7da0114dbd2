/**
 * What VinylBot says about records it found in the catalogue, with the spec's stock wording (§9:
 * 'In Stock', 'Running Low', 'Not In Stock'; pre-orders with their release date). Pure: the server
 * composes the reply with it, the tests pin every wording.
 */
import { formatPence } from "~/domain/shared/money";
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { formatDateGB } from "~/domain/shared/dates";
import { recordPath } from "~/domain/catalogue/slug";
import { stockState, stockWording, type StockState } from "~/domain/catalogue/stock";
import type { ChatLink } from "./chat";

export interface ChatRecordMatch {
  id: number;
  title: string;
  artist: string;
  /** The record page, e.g. /vinyl/12-john-coltrane-blue-train. */
  path: string;
  state: StockState;
  /** Spec §9 wording of `state` ('In Stock', 'Running Low', 'Not In Stock', 'Pre-Order'). */
  stock: string;
  releaseDate: string | null;
  price: string;
}

export interface ChatLookupResult {
  /** "record": the message named records; "artist": it named an artist; "none": nothing found. */
  kind: "record" | "artist" | "none";
  artist: string | null;
  matches: ChatRecordMatch[];
  /** How many records the artist has in the shop, when kind is "artist". */
  total: number;
  /** The reply text, or null when nothing was found. */
  reply: string | null;
  links: ChatLink[];
  /** When the shop charges pre-orders (its canned pre-order answer follows it); absent means at order time. */
  preOrderCharge?: "at_order" | "at_dispatch";
}

export const NO_MATCH: ChatLookupResult = { kind: "none", artist: null, matches: [], total: 0, reply: null, links: [] };

export interface RecordFacts {
  id: number;
  title: string;
  artist: string;
  releaseDate: string | null;
  stockQuantity: number;
  pricePence: number;
}

export function toMatch(record: RecordFacts, today: string): ChatRecordMatch {
  const state = stockState(record.stockQuantity, isPreOrder(record.releaseDate, today));
  return {
    id: record.id,
    title: record.title,
    artist: record.artist,
    path: recordPath(record),
    state,
    stock: stockWording(state),
    releaseDate: record.releaseDate,
    price: formatPence(record.pricePence),
  };
}

const name = (m: ChatRecordMatch) => `"${m.title}" by ${m.artist}`;

/** One record in a sentence. */
export function recordSentence(m: ChatRecordMatch): string {
  switch (m.state) {
    case "in-stock":
      return `${name(m)} is ${m.stock} at ${m.price}.`;
    case "low":
      return `${name(m)} is ${m.stock} at ${m.price}, so don't wait too long.`;
    case "out":
      return `${name(m)} is ${m.stock} at the moment.`;
    case "pre-order":
      return `${name(m)} is a ${m.stock}, released on ${formatDateGB(m.releaseDate)} (${m.price}). Your card is charged when you order.`;
  }
}

/** One record in a list line. */
export function recordLine(m: ChatRecordMatch, withArtist = true): string {
  const label = withArtist ? name(m) : `"${m.title}"`;
  return m.state === "pre-order"
    ? `• ${label}: ${m.stock}, released on ${formatDateGB(m.releaseDate)}`
    : `• ${label}: ${m.stock}`;
}

export function browseArtistPath(artist: string): string {
  return `/browse?${new URLSearchParams({ q: artist })}`;
}

/** The reply and links for records found by title. */
export function recordsReply(matches: ChatRecordMatch[]): Pick<ChatLookupResult, "reply" | "links"> {
  if (matches.length === 0) return { reply: null, links: [] };
  const links = matches.map((m) => ({ href: m.path, label: `${m.title} by ${m.artist}` }));
  if (matches.length === 1) return { reply: recordSentence(matches[0]!), links };
  return { reply: ["I found these records:", ...matches.map((m) => recordLine(m))].join("\n"), links };
}

/** The reply and links for an artist's records (`total` counts all of them, `matches` the ones listed). */
export function artistReply(
  artist: string,
  matches: ChatRecordMatch[],
  total: number,
): Pick<ChatLookupResult, "reply" | "links"> {
  if (matches.length === 0) return { reply: null, links: [] };
  const lines = [`Here's what we have by ${artist}:`, ...matches.map((m) => recordLine(m, false))];
  if (total > matches.length) lines.push(`…and ${total - matches.length} more.`);
  const links = matches.map((m) => ({ href: m.path, label: `${m.title} by ${m.artist}` }));
  links.push({ href: browseArtistPath(artist), label: `Everything by ${artist}` });
  return { reply: lines.join("\n"), links };
}
