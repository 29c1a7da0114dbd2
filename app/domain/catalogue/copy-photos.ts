/**
 * Photos of a used copy (its actual sleeve, labels and any marks): how many, how big, and what the shop keeps of
 * them. Uploads are told apart by their first bytes (sniffImage), like covers; each is stored as a JPEG no wider
 * or taller than PHOTO_MAX_EDGE under /media/photos/, named by a hash of its bytes.
 */
import { sniffImage } from "./record-media";

export const MAX_COPY_PHOTOS = 6;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** All the photos of one upload: the back office's upload limit leaves 1 MB beyond this for the form's fields. */
export const PHOTO_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** The longest side of a stored photo: enough to see a scuff on a label, small enough to send quickly. */
export const PHOTO_MAX_EDGE = 1600;
/** srcset widths for photos (the image endpoint never upscales past the stored size). */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;

/** A stored photo as pages show it. */
export interface CopyPhoto {
  id: number;
  url: string;
  width: number;
  height: number;
}

export const PHOTO_MESSAGES = {
  tooMany: (existing: number) =>
    existing === 0
      ? `Choose at most ${MAX_COPY_PHOTOS} photos.`
      : `A copy can have at most ${MAX_COPY_PHOTOS} photos, and this one has ${existing}: remove one first, or choose fewer.`,
  tooBig: `Each photo must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  tooMuch: `Together the photos must be at most ${PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024} MB: upload them in two goes.`,
  notAnImage: "Photos must be JPEG, PNG or WebP images.",
  unreadable: "A photo could not be read as an image.",
  none: "Choose at least one photo.",
} as const;

/**
 * The message for a set of chosen photos that cannot be taken before any is read (too many, too big), or null.
 * `existing` is how many photos the copy already has.
 */
export function photoUploadProblem(sizes: readonly number[], existing: number): string | null {
  if (existing + sizes.length > MAX_COPY_PHOTOS) return PHOTO_MESSAGES.tooMany(existing);
  if (sizes.some((size) => size > PHOTO_MAX_BYTES)) return PHOTO_MESSAGES.tooBig;
  if (sizes.reduce((sum, size) => sum + size, 0) > PHOTO_UPLOAD_MAX_BYTES) return PHOTO_MESSAGES.tooMuch;
  return null;
}

/** The message for a photo's bytes that are not an image the shop takes, or null. */
export function photoBytesProblem(bytes: Uint8Array): string | null {
  if (bytes.length > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooBig;
  return sniffImage(bytes) ? null : PHOTO_MESSAGES.notAnImage;
}

/** A stored photo's address from the hex hash of its stored bytes: the same photo twice is one file. */
export function photoUrl(hashHex: string): string {
  if (!/^[0-9a-f]{20,}$/.test(hashHex)) throw new Error("A photo is named by a hex hash of at least 20 digits.");
  return `/media/photos/${hashHex.slice(0, 20)}.jpg`;
}

/** The size a photo is stored at: its own when it fits within PHOTO_MAX_EDGE, otherwise scaled down to fit. */
export function storedPhotoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
