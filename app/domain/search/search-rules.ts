/**
 * Spec §2, §5, §9 search rules shared by the header box, GET /api/search, tRPC and the search service. The
 * input schema lives apart (search-schema.ts), so the header box loads these rules without zod.
 */

/** Spec §5/§9: searched only with 2 or more characters (spaces do not count). */
export const MIN_SEARCH_CHARS = 2;
/** Spec §9: the dropdown waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec §9: up to 8 results in the dropdown. */
export const SUGGEST_LIMIT = 8;
/** Longest search text accepted (the same cap /browse applies). */
export const MAX_SEARCH_CHARS = 100;
/** Spec §7: /api/search answers may be cached for 60 s, and the box keeps answers as long. */
export const SEARCH_CACHE_SECONDS = 60;

/** Characters other than whitespace, counted as code points (so "Ö" or an emoji is one). */
export function visibleLength(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\s/u.test(ch)) n++;
  return n;
}

/** True when the text is worth a search: at least two non-space characters. */
export function isSearchable(text: string): boolean {
  return visibleLength(text) >= MIN_SEARCH_CHARS;
}

/**
 * The text as it is searched: runs of whitespace made one space, trimmed, capped at MAX_SEARCH_CHARS. The same
 * steps as /browse's reading of ?q= (browse-query.ts), so the dropdown's total and /browse's agree.
 */
export function normaliseSearchText(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_CHARS).trim();
}

/** /browse?q=… for "See all results" (and the form's own submit). */
export function browseSearchHref(text: string): string {
  return `/browse?q=${encodeURIComponent(normaliseSearchText(text))}`;
}
