import { Router } from "express";
import { z } from "zod";
import { displayCoverUrl } from "../../app/domain/catalogue/cover";
import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_FORMATS,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_QUALITY,
  MIN_IMAGE_DIMENSION,
  MIN_IMAGE_QUALITY,
  parseShopImagePath,
} from "../../app/domain/images/image-url";
import { negotiateImageFormat } from "../services/images";
import { contextOf, parseQuery } from "./helpers";

/** An absent or empty parameter (`height=`) means "not given". */
const blankIsAbsent = (v: unknown) => (v === "" ? undefined : v);

/** A missing parameter, or one given twice (which the query parser turns into an array). */
const single = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? "is required" : "must be given once, as text"),
};

/** Format names are case-insensitive and "jpg" means "jpeg"; empty means "not given". */
function formatName(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const name = v.toLowerCase();
  return name === "" ? undefined : name === "jpg" ? "jpeg" : name;
}

/** Digits only: no signs, decimals, exponents or hex, which Number() would otherwise accept. */
function wholeNumber(min: number, max: number) {
  return z
    .string(single)
    .regex(/^\d{1,5}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

const query = z
  .object({
    url: z
      .string(single)
      .max(512, "is too long")
      // Spec §3: a cover stored as '.ki' is displayed (and so resized) as '.jpg'.
      .transform((url) => displayCoverUrl(url))
      .refine((url) => parseShopImagePath(url) !== null, {
        message: "must be one of the shop's own image paths: /media/covers/{id}.jpg or /images/{name}.jpg|png|webp",
      }),
    width: z.preprocess(blankIsAbsent, wholeNumber(MIN_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION).optional()),
    height: z.preprocess(blankIsAbsent, wholeNumber(MIN_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION).optional()),
    quality: z.preprocess(
      blankIsAbsent,
      wholeNumber(MIN_IMAGE_QUALITY, MAX_IMAGE_QUALITY).default(DEFAULT_IMAGE_QUALITY),
    ),
    format: z.preprocess(
      formatName,
      z.enum(IMAGE_FORMATS, { error: `must be one of ${IMAGE_FORMATS.join(", ")}` }).optional(),
    ),
  })
  .refine((q) => q.width !== undefined || q.height !== undefined, {
    message: "width or height is required",
    path: ["width"],
  });

export const albumImageApi = Router();

/**
 * GET /api/album-image?url=&width=&height=&quality=&format= (spec §7): a shop image resized with sharp
 * (fit: cover), cached on disk and sent as immutable. Without `format` the Accept header picks AVIF, WebP or
 * JPEG, and the answer says `Vary: Accept`. Only the shop's own image paths are read: anything else is a 400.
 */
albumImageApi.get("/album-image", async (req, res) => {
  const q = parseQuery(query, req);
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
