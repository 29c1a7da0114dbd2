import type { Db } from "../../db/client";

// Placeholder: the browse service is being built.
export function createBrowseService(_db: Db) {
  return {};
}
