import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, FIRST_FLIGHT_PAGE_BYTES, brotliQualityFor, compressFor, sendCompressed } from "./compress-once";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>A record, a price, a button.</p>".repeat(400)}</body></html>`);

describe("compressFor", () => {
  it("takes brotli when the browser does, and the bytes decode to the page", () => {
    const { encoding, bytes } = compressFor(page, "gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(bytes.length).toBeLessThan(page.length / 5);
    expect(zlib.brotliDecompressSync(bytes).equals(page)).toBe(true);
  });

  it("falls back to gzip, then to the page as it is", () => {
    const gz = compressFor(page, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gz.bytes).equals(page)).toBe(true);
    expect(compressFor(page, undefined)).toEqual({ encoding: "identity", bytes: page });
    expect(compressFor(page, "br;q=0, gzip;q=0").encoding).toBe("identity");
  });

  it("packs a page that fits the first flight at quality 1 and a larger one at quality 3", () => {
    const brotliAt = (body: Buffer, quality: number) =>
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    const small = Buffer.concat([page, page]).subarray(0, FIRST_FLIGHT_PAGE_BYTES);
    const large = Buffer.concat([page, page, page]).subarray(0, FIRST_FLIGHT_PAGE_BYTES + 1);
    expect(brotliQualityFor(small.length)).toBe(1);
    expect(brotliQualityFor(large.length)).toBe(3);
    expect(compressFor(small, "br").bytes.equals(brotliAt(small, 1))).toBe(true);
    expect(compressFor(large, "br").bytes.equals(brotliAt(large, 3))).toBe(true);
    // The two qualities differ on these bodies, so the comparisons above tell them apart.
    expect(brotliAt(small, 1).equals(brotliAt(small, 3))).toBe(false);
    expect(zlib.brotliDecompressSync(compressFor(small, "br").bytes).equals(small)).toBe(true);
  });

  it("leaves a body too small to gain anything as it is", () => {
    const small = page.subarray(0, COMPRESS_FROM_BYTES - 1);
    expect(compressFor(small, "br")).toEqual({ encoding: "identity", bytes: small });
  });
});

describe("sendCompressed", () => {
  it("sends the page once compressed, with its length, past the compression middleware", async () => {
    const app = express();
    app.use(compression());
    app.get("/", (req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      sendCompressed(res, page, req.headers["accept-encoding"]);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Node's client does not decode: the bytes on the wire are what is checked.
      const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": "br, gzip" } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers["vary"]).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(zlib.brotliDecompressSync(answer.body).equals(page)).toBe(true);
    } finally {
      server.close();
    }
  });
});
