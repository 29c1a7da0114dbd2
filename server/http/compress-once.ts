import zlib from "node:zlib";
import type { Response as ExpressResponse } from "express";
import { chooseEncoding, type PageEncoding } from "./page-cache-rules";

/**
 * Brotli quality 3 and gzip level 3: on a 90 KB page about 0.9 ms each, within 5% of quality 4's size; quality 4
 * costs half as much again and quality 11 a hundred times as much (docs/decisions/0035-whole-pages.md).
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 3;

/**
 * A page up to this size is compressed at brotli quality 1, half the work of quality 3 for about a tenth more
 * bytes: at most about 12 KB even for markup that packs badly (3.5 : 1), so with its headers it still fits in a
 * connection's first flight (ten segments, 14,600 bytes) and reaches the browser in the same round trip as the
 * smaller answer would (docs/decisions/0052-compression-by-size.md).
 */
export const FIRST_FLIGHT_PAGE_BYTES = 40 * 1024;
const BROTLI_QUALITY_FIRST_FLIGHT = 1;

/** The brotli quality for a body of this many bytes. */
export function brotliQualityFor(bodyBytes: number): number {
  return bodyBytes <= FIRST_FLIGHT_PAGE_BYTES ? BROTLI_QUALITY_FIRST_FLIGHT : BROTLI_QUALITY;
}

/** Smaller answers cost more to compress than they save on the wire. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The body in the best encoding the browser takes, compressed in one call. On the event loop: under load a
 * thread-pool job cost the process about 7 ms more CPU a page in all than this 0.6–0.9 ms (decision 35).
 */
export function compressFor(body: Buffer, acceptEncoding: string | undefined): { encoding: PageEncoding; bytes: Buffer } {
  const encoding = body.length < COMPRESS_FROM_BYTES ? "identity" : chooseEncoding(acceptEncoding);
  if (encoding === "br") {
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(body.length),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    return { encoding, bytes: zlib.brotliCompressSync(body, { params }) };
  }
  if (encoding === "gzip") return { encoding, bytes: zlib.gzipSync(body, { level: GZIP_LEVEL }) };
  return { encoding, bytes: body };
}

/**
 * Sends a whole body compressed once, with its length. The compression middleware leaves an answer that already
 * names its encoding alone, so it does not compress it again.
 */
export function sendCompressed(res: ExpressResponse, body: Buffer, acceptEncoding: string | undefined): void {
  const { encoding, bytes } = compressFor(body, acceptEncoding);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(bytes);
}
