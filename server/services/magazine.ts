import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createMagazineService(_db: Db) {
  return {};
}
