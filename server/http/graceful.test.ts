import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { gracefulShutdown } from "./graceful";

function slowServer(delayMs: number) {
  let entered!: () => void;
  const inHandler = new Promise<void>((r) => (entered = r));
  const server = http.createServer((_req, res) => {
    entered();
    setTimeout(() => res.end("finished"), delayMs);
  });
  return { server, inHandler };
}

describe("gracefulShutdown", () => {
  it("lets an in-flight request finish before reporting closed, and refuses new connections", async () => {
    const { server, inHandler } = slowServer(300);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const events: string[] = [];
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then(async (r) => {
      events.push(`response ${r.status} ${await r.text()}`);
    });
    await inHandler;
    const closed = new Promise<void>((r) =>
      gracefulShutdown(server, () => {
        events.push("closed");
        r();
      }),
    );
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await Promise.all([inFlight, closed]);
    expect(events).toEqual(["response 200 finished", "closed"]);
  });

  it("cuts off requests that outlast the timeout", async () => {
    const { server, inHandler } = slowServer(5_000);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then(
      () => "answered",
      () => "cut off",
    );
    await inHandler;
    const started = Date.now();
    await new Promise<void>((r) => gracefulShutdown(server, r, 200));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe("cut off");
  });
});
