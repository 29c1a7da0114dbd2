import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createSearchService(_db: Db) {
  return {};
}
