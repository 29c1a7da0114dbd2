import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createRecommendationsService(_db: Db) {
  return {};
}
