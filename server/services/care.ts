import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createCareService(_db: Db) {
  return {};
}
