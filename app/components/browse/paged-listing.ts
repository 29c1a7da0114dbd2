/**
 * A listing paged by `?page=` only (/new-releases, /pre-orders): its page addresses and the loader data
 * built from one page of records.
 */
import { parseBrowseQuery } from "~/components/browse/browse-query";
import { toApiTrack } from "~/domain/record-api";
import { absoluteUrl } from "~/domain/structured-data";
import type { RecordItem } from "~/domain/types";
import type { Page } from "../../../server/services/catalogue";

/** `/path` for page 1, `/path?page=n` after it. */
export const pageHref = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/** Loader data for the page the request asks for, fetched with `list`, with its canonical address. */
export function pagedListing(request: Request, path: string, today: string, list: (page: number) => Page<RecordItem>) {
  const url = new URL(request.url);
  const { items, ...result } = list(parseBrowseQuery(url.searchParams).page);
  return {
    ...result,
    tracks: items.map((r) => toApiTrack(r, today)),
    canonicalUrl: absoluteUrl(url.origin, pageHref(path, result.page)),
  };
}
