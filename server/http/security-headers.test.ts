import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { freshNonce, helmetOptions, securityHeaders } from "./security-headers";

/** The raw headers (names as written) of one GET answered by an app with these middlewares. */
async function headersFrom(...middlewares: RequestHandler[]): Promise<string[]> {
  const app = express();
  app.disable("x-powered-by");
  app.use(
    (_req, res, next) => {
      res.locals.cspNonce = "Zm9yLXRoZS10ZXN0";
      next();
    },
    ...middlewares,
  );
  app.get("/", (_req, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path: "/" }, (res) => {
          res.resume();
          resolve(res.rawHeaders.filter((_, i) => i % 2 === 0 || !/^\w{3}, \d\d \w{3}/.test(res.rawHeaders[i]!)));
        })
        .on("error", reject),
    );
  } finally {
    server.close();
  }
}

describe("securityHeaders", () => {
  for (const development of [false, true]) {
    it(`sends exactly the headers Helmet sends per response, with the response's nonce (development: ${development})`, async () => {
      const options = { development, formActionOrigins: ["https://pay.example"] };
      const perResponse = helmet(
        helmetOptions({ ...options, scriptNonce: (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'` }),
      );
      const expected = await headersFrom(perResponse);
      expect(expected.join("\n")).toContain("'nonce-Zm9yLXRoZS10ZXN0'");
      expect(await headersFrom(securityHeaders(options))).toEqual(expected);
    });
  }
});

describe("freshNonce", () => {
  it("gives 16 random bytes, never the same twice, past the refill of its block", () => {
    const nonces = Array.from({ length: 600 }, () => freshNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
