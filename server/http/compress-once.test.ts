import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, compressFor, sendCompressed } from "./compress-once";

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
