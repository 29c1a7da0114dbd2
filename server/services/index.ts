import type { Db } from "../../db/client";
import { createCatalogueService } from "./catalogue";
import { createMediaService } from "./media";

/** Every use case the adapters may call, bound to one database handle. */
export function createServices(db: Db, { mediaDir }: { mediaDir: string }) {
  return {
    catalogue: createCatalogueService(db),
    media: createMediaService(db, mediaDir),
  };
}

export type Services = ReturnType<typeof createServices>;
