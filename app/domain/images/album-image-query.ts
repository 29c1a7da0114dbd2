/**
 * What GET /api/album-image accepts (spec §7): one of the shop's own images, a width and/or height, a
 * quality (default 85) and an optional format. Empty parameters count as absent; a parameter given twice is
 * refused. The same schema parses the request and describes it in the OpenAPI document.
 */
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { z } from "~/domain/shared/zod";
import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_FORMATS,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_QUALITY,
  MIN_IMAGE_DIMENSION,
  MIN_IMAGE_QUALITY,
  parseShopImagePath,
} from "./image-url";

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

export const albumImageQuerySchema = z
  .object({
    url: z
      .string(single)
      .max(512, "is too long")
      // Spec §3: a cover stored as '.ki' is displayed (and so resized) as '.jpg'.
      .transform((url) => displayCoverUrl(url))
      .refine((url) => parseShopImagePath(url) !== null, {
        message:
          "must be one of the shop's own image paths: /media/covers/{id}.jpg, /media/photos/{name}.jpg or /images/{name}.jpg|png|webp",
      })
      .describe("A shop image: /media/covers/{id}.jpg or /images/{name}.jpg|png|webp"),
    width: z
      .preprocess(blankIsAbsent, wholeNumber(MIN_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION).optional())
      .describe(`Pixels, ${MIN_IMAGE_DIMENSION}–${MAX_IMAGE_DIMENSION}; width or height is required`),
    height: z
      .preprocess(blankIsAbsent, wholeNumber(MIN_IMAGE_DIMENSION, MAX_IMAGE_DIMENSION).optional())
      .describe(`Pixels, ${MIN_IMAGE_DIMENSION}–${MAX_IMAGE_DIMENSION}; with both, the image is cropped to fill`),
    quality: z
      .preprocess(blankIsAbsent, wholeNumber(MIN_IMAGE_QUALITY, MAX_IMAGE_QUALITY).default(DEFAULT_IMAGE_QUALITY))
      .describe(`${MIN_IMAGE_QUALITY}–${MAX_IMAGE_QUALITY}, default ${DEFAULT_IMAGE_QUALITY}`),
    format: z
      .preprocess(formatName, z.enum(IMAGE_FORMATS, { error: `must be one of ${IMAGE_FORMATS.join(", ")}` }).optional())
      .describe("avif, webp or jpeg (jpg reads as jpeg); without it the Accept header decides"),
  })
  .refine((q) => q.width !== undefined || q.height !== undefined, {
    message: "width or height is required",
    path: ["width"],
  });
