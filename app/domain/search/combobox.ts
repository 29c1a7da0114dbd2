/**
 * Pure pieces of the header's search combobox (WAI-ARIA combobox pattern with a listbox popup), kept apart from
 * React so they can be tested on their own.
 */
import { formatCount } from "~/domain/browse/listing-text";
import { isSearchable, normaliseSearchText } from "./search-rules";

export type NavigationKey = "ArrowDown" | "ArrowUp";

/**
 * The option made active by an arrow key. -1 is "none" (focus reads as being in the box): Down from none
 * goes to the first option, Up from none to the last, and both wrap round at the ends.
 */
export function moveActive(active: number, key: NavigationKey, count: number): number {
  if (count <= 0) return -1;
  if (key === "ArrowDown") return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}

/** The id of option `index` of a listbox, for aria-activedescendant. */
export function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/** Spec §2: the empty state, with the text searched for. */
export function noResultsText(query: string): string {
  return `No results found for "${query}"`;
}

/** Spec §2: the last entry, leading to /browse?q=. */
export function seeAllText(total: number): string {
  return `See all ${formatCount(total)} results`;
}

export const SEARCHING_TEXT = "Searching...";
export const SEARCH_FAILED_TEXT = "Search is not available just now. Press Enter to see all results.";

export type PopupState =
  | { kind: "closed" }
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "empty"; query: string }
  | { kind: "results"; query: string };

/**
 * What the popup shows. It is open only while the shopper has not dismissed it and both the text in the box
 * and the debounced text have 2+ characters (so it closes at once when the box is cleared, and opens only
 * once the debounce has passed).
 */
export function popupState({
  dismissed,
  text,
  debounced,
  pending,
  failed,
  resultCount,
}: {
  dismissed: boolean;
  text: string;
  debounced: string;
  pending: boolean;
  failed: boolean;
  resultCount: number;
}): PopupState {
  const query = normaliseSearchText(debounced);
  if (dismissed || !isSearchable(text) || !isSearchable(query)) return { kind: "closed" };
  if (pending) return { kind: "loading" };
  if (failed) return { kind: "failed" };
  return resultCount === 0 ? { kind: "empty", query } : { kind: "results", query };
}
