import type { Db } from "../../db/client";

// Placeholder: this service is being built.
export function createChatService(_db: Db) {
  return {};
}
