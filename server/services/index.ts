import type { Db } from "../../db/client";
import path from "node:path";
import { createBrowseService } from "./browse";
import { createCatalogueService } from "./catalogue";
import { createHomeService } from "./home";
import { createImageService } from "./images";
import { createMediaService } from "./media";

/** Every use case the adapters may call, bound to one database handle. */
export function createServices(db: Db, { mediaDir }: { mediaDir: string }) {
  return {
    catalogue: createCatalogueService(db),
    media: createMediaService(db, mediaDir),
    home: createHomeService(db),
    browse: createBrowseService(db),
    images: createImageService({
      mediaDir,
      publicDir: path.resolve("public"),
      cacheDir: path.join(mediaDir, "resized"),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
