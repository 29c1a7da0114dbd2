/**
 * What a record's uploads may be, told by their first bytes rather than their names: covers are JPEG, PNG or
 * WebP up to 8 MB (stored as a 600 px square JPEG); audio previews are MP3, WAV or Ogg up to 8 MB.
 */
export const COVER_MAX_BYTES = 8 * 1024 * 1024;
export const AUDIO_MAX_BYTES = 8 * 1024 * 1024;
/** Stored covers are this many pixels square: the generated covers' size, and the widest srcset entry. */
export const COVER_SIZE = 600;

export type CoverType = "jpeg" | "png" | "webp";
export type AudioType = "mp3" | "wav" | "ogg";

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(bytes: Uint8Array): CoverType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

export function sniffAudio(bytes: Uint8Array): AudioType | null {
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WAVE"), 8)) return "wav";
  if (startsWith(bytes, ascii("OggS"))) return "ogg";
  if (startsWith(bytes, ascii("ID3"))) return "mp3";
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0) return "mp3";
  return null;
}

export const AUDIO_CONTENT_TYPES: Record<AudioType, string> = { mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg" };

/** The message for an upload that is refused, or null when it may be read further. */
export function checkUpload(kind: "cover" | "audio", bytes: Uint8Array): string | null {
  const tooBig = uploadSizeProblem(kind, bytes.length);
  if (tooBig) return tooBig;
  if (kind === "cover" && !sniffImage(bytes)) return "The cover must be a JPEG, PNG or WebP image";
  if (kind === "audio" && !sniffAudio(bytes)) return "The audio preview must be an MP3, WAV or Ogg file";
  return null;
}

/** The message for a file too big to read at all, or null. */
export function uploadSizeProblem(kind: "cover" | "audio", size: number): string | null {
  const max = kind === "cover" ? COVER_MAX_BYTES : AUDIO_MAX_BYTES;
  return size > max ? `The ${kind === "cover" ? "cover" : "audio preview"} must be at most ${max / 1024 / 1024} MB` : null;
}
