import { Router, type RequestHandler, type Response } from "express";
import { DEFAULT_IMAGE_QUALITY, parseCoverVariantPath } from "../../app/domain/images/image-url";
import { DomainError, httpStatusOf } from "../../app/domain/shared/errors";
import { OPERATIONS } from "../contract/operations";
import { sendError } from "../http/errors";
import type { Services } from "../services";
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
  sendImage(res, image);
});

type Variant = Awaited<ReturnType<Services["images"]["variant"]>>;

function sendImage(res: Response, image: Variant) {
  res.set({
    "Content-Type": image.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: image.etag,
    "X-Image-Cache": image.cached ? "hit" : "miss",
  });
  // res.send answers 304 when If-None-Match matches the ETag.
  res.send(image.body);
}

/**
 * GET /img/{width}/[{format}/]{covers|photos|images}/{file}: the short address of one variant (coverVariantUrl),
 * which pages use in their srcsets; the same allowlist, service and caching as the long form. Without a format the
 * Accept header picks it, as for the long form. Mounted before the request context, so it takes the services directly.
 */
export function coverVariantRoute(images: Services["images"]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const variant = parseCoverVariantPath(req.path);
    if (!variant) return sendError(req, res, 404, "No such image.");
    const format = variant.format ?? negotiateImageFormat(req.get("accept"));
    images
      .variant({ src: variant.url, width: variant.width, format, quality: DEFAULT_IMAGE_QUALITY })
      .then((image) => {
        if (!variant.format) res.vary("Accept");
        sendImage(res, image);
      })
      .catch((error: unknown) =>
        error instanceof DomainError ? sendError(req, res, httpStatusOf(error), error.message) : next(error),
      );
  };
}
