/**
 * A listing paged by `?page=` only (/new-releases, /pre-orders): its page addresses and the loader data
 * built from one page of records.
 */
import { parseBrowseQuery } from "~/domain/browse/browse-query-parse";
import { toCardTrack } from "~/domain/catalogue/record-api";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { pagedPath } from "~/domain/shared/paging";
import type { RecordItem } from "~/domain/catalogue/types";
import type { Page } from "../../server/services/catalogue";

/** Loader data for the page the request asks for, fetched with `list`, with its canonical address. */
export function pagedListing(url: URL, path: string, today: string, list: (page: number) => Page<RecordItem>) {
  const { items, ...result } = list(parseBrowseQuery(url.searchParams).page);
  return {
    ...result,
    tracks: items.map((r) => toCardTrack(r, today)),
    canonicalUrl: absoluteUrl(url.origin, pagedPath(path, result.page)),
  };
}
