import { Router } from "express";
import { OPERATIONS } from "../contract/operations";
import { negotiateImageFormat } from "../services/images";
import { contextOf, inputOf, routeOf } from "./helpers";

export const albumImageApi = Router();

/**
 * GET /api/album-image?url=&width=&height=&quality=&format= (spec §7): a shop image resized with sharp
 * (fit: cover), cached on disk and sent as immutable. Without `format` the Accept header picks AVIF, WebP or
 * JPEG, and the answer says `Vary: Accept`. Only the shop's own image paths are read: anything else is a 400.
 */
albumImageApi.get(routeOf(OPERATIONS.albumImage), async (req, res) => {
  const q = inputOf(OPERATIONS.albumImage, req).query;
  const format = q.format ?? negotiateImageFormat(req.get("accept"));
  const image = await contextOf(res).services.images.variant({
    src: q.url,
    width: q.width,
    height: q.height,
    quality: q.quality,
    format,
  });
  if (!q.format) res.vary("Accept");
  res.set({
    "Content-Type": image.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: image.etag,
    "X-Image-Cache": image.cached ? "hit" : "miss",
  });
  // res.send answers 304 when If-None-Match matches the ETag.
  res.send(image.body);
});
