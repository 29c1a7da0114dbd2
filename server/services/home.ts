import type { Db } from "../../db/client";

// Placeholder: the home page service is being built.
export function createHomeService(_db: Db) {
  return {};
}
