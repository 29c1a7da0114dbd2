/**
 * Text folding for VinylBot: one shape for what people type and for the names in the catalogue, so
 * matching is case- and accent-insensitive ("BEYONCÉ" finds "Beyoncé", "AC/DC" reads as "ac dc").
 * Pure: shared by the browser (canned answers) and the server (catalogue lookup).
 */

import { foldAccents } from "~/domain/shared/fold-accents";

/** Lower case, no accents, apostrophes dropped ("what's" → "whats"), "&" read as "and". */
function fold(text: string): string {
  return foldAccents(text)
    .replace(/['’‘`]/g, "")
    .replace(/&/g, " and ");
}

/**
 * A chat message as the canned-answer keywords see it: folded, sizes such as 12" or 7in read as
 * "12 inch", every other mark except £ and % turned into a space, single spaces, and one space at
 * each end so a keyword written " hi " matches the word "hi" and not the "hi" inside "this".
 */
export function normaliseMessage(text: string): string {
  const folded = fold(text)
    .replace(/(\d+)\s*(?:"|”|″|''|inch(?:es)?\b|in\b)/g, "$1 inch ")
    .replace(/[^\p{L}\p{N}£%]+/gu, " ")
    .trim();
  return ` ${folded} `;
}

/** The words of a text for catalogue matching: folded, letters and digits only. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A title or artist name as the catalogue index keys it: its words joined by single spaces. */
export function nameKey(text: string): string {
  return words(text).join(" ");
}
