import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createNewsletterService(_db: Db) {
  return {};
}
