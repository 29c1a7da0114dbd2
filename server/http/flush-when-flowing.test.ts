import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import compression from "compression";
import express from "express";
import { describe, expect, it } from "vitest";
import { flushWhenFlowing } from "./flush-when-flowing";

/** A page streamed as React Router does it: write a chunk, flush, wait for drain when the write is refused. */
async function streamedPage(withGuard: boolean) {
  const app = express();
  app.use(compression());
  if (withGuard) app.use(flushWhenFlowing);
  let total = 0;
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    for (let i = 0; i < 200; i++) {
      // Incompressible bytes keep zlib busy, so its buffer fills and writes are refused.
      const chunk = randomBytes(32 * 1024).toString("base64");
      total += chunk.length;
      const accepted = res.write(chunk);
      (res as unknown as { flush: () => void }).flush();
      // As React Router waits: once("drain"), then off("drain") however the wait ends.
      if (!accepted)
        await new Promise<void>((resolve) => {
          const onDrain = () => {
            res.off("drain", onDrain);
            resolve();
          };
          res.once("drain", onDrain);
        });
    }
    res.end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  process.on("warning", onWarning);
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    const body = await response.text();
    await new Promise((resolve) => setImmediate(resolve));
    return { warnings, bodyLength: body.length, total, encoding: response.headers.get("content-encoding") };
  } finally {
    process.off("warning", onWarning);
    server.close();
  }
}

describe("flushWhenFlowing", () => {
  it("sends a big streamed, compressed page whole without piling up drain listeners", async () => {
    const page = await streamedPage(true);
    expect(page.encoding).toBe("gzip");
    expect(page.bodyLength).toBe(page.total);
    expect(page.warnings.filter((w) => w.includes("drain listeners"))).toEqual([]);
  });

  it("is what keeps the warning away: without it the same page piles them up", async () => {
    const page = await streamedPage(false);
    expect(page.bodyLength).toBe(page.total);
    expect(page.warnings.some((w) => w.includes("drain listeners"))).toBe(true);
  });
});
