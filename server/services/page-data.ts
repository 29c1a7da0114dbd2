import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";

/**
 * A page's data that is the same for everyone who asks (a page of /browse: its records, facet counts and
 * address), kept between requests until the shop changes (db/read-cache.ts), so a loader reads and shapes it once
 * per change instead of once per request (docs/decisions/0048-shared-page-data.md). Only for data that depends on
 * nothing of the shopper; at most `max` pages are kept, the least recently used going first.
 */
export function createPageDataService(db: Db, { max = 256 }: { max?: number } = {}) {
  const cached = createReadCache(db, { max });
  return {
    /** `read`'s value for `key`: read once, then handed back (the same object) until the next change. */
    shared<T>(key: string, read: () => T): T {
      return cached(key, read);
    },
  };
}
