import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createCrateService(_db: Db) {
  return {};
}
