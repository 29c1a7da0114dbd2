import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Response as ExpressResponse } from "express";
import { chooseEncoding, type PageEncoding } from "./page-cache-rules";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality 3 and gzip level 3: on a 90 KB page about 0.9 ms each, within 5% of quality 4's size; quality 4
 * costs half as much again and quality 11 a hundred times as much (measured in docs/decisions/0035-whole-pages.md).
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 3;

/** A page's compressed bytes in one output chunk: each further chunk is another round trip to the thread pool. */
const CHUNK_SIZE = 64 * 1024;

/** Smaller answers cost more to compress than they save on the wire. */
export const COMPRESS_FROM_BYTES = 1024;

/** The body in the best encoding the browser takes, compressed in one call on the thread pool, off the event loop. */
export async function compressFor(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ encoding: PageEncoding; bytes: Buffer }> {
  const encoding = body.length < COMPRESS_FROM_BYTES ? "identity" : chooseEncoding(acceptEncoding);
  if (encoding === "br") {
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    return { encoding, bytes: await brotli(body, { params, chunkSize: CHUNK_SIZE }) };
  }
  if (encoding === "gzip") return { encoding, bytes: await gzip(body, { level: GZIP_LEVEL, chunkSize: CHUNK_SIZE }) };
  return { encoding, bytes: body };
}

/**
 * Sends a whole body compressed once, with its length. The compression middleware leaves an answer that already
 * names its encoding alone, so it does not compress it again.
 */
export async function sendCompressed(res: ExpressResponse, body: Buffer, acceptEncoding: string | undefined): Promise<void> {
  const { encoding, bytes } = await compressFor(body, acceptEncoding);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(bytes);
}
