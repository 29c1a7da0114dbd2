import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../tests/setup/console-error";
import { gracefulShutdown } from "./graceful";

function slowServer(delayMs: number, events: string[] = []) {
  let entered!: () => void;
  const inHandler = new Promise<void>((r) => (entered = r));
  const server = http.createServer((_req, res) => {
    entered();
    res.on("finish", () => events.push("response sent"));
    setTimeout(() => res.end("finished"), delayMs);
  });
  return { server, inHandler };
}

describe("gracefulShutdown", () => {
  it("lets an in-flight request finish before reporting closed, and refuses new connections", async () => {
    const events: string[] = [];
    const { server, inHandler } = slowServer(300, events);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/`).then(async (r) => `${r.status} ${await r.text()}`);
    await inHandler;
    const closed = new Promise<void>((r) =>
      gracefulShutdown(server, () => {
        events.push("closed");
        r();
      }),
    );
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    const started = Date.now();
    const [answer] = await Promise.all([inFlight, closed]);
    expect(answer).toBe("200 finished");
    expect(events).toEqual(["response sent", "closed"]);
    // Closed soon after the response, not after the client's keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(1_500);
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
    const errors = expectConsoleError();
    const started = Date.now();
    await new Promise<void>((r) => gracefulShutdown(server, r, 200));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe("cut off");
    expect(errors).toHaveBeenCalledExactlyOnceWith("In-flight requests did not finish in 200 ms; closing connections");
  });
});
