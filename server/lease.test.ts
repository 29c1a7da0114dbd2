import { spawnSync } from "node:child_process";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { startRaceWorker } from "../tests/setup/race-worker";
import { processesOverOneFile } from "../tests/setup/processes-over-one-file";
import { createLease, holderGone, holderId } from "./lease";

// Several server processes over one SQLite file, each with its own connection, contending for one lease; the
// clock is the test's, moved by hand.

const TTL = 30_000;
const processes = processesOverOneFile();

/** A contender with a connection of its own, as another process would have. */
function contender(holder: string, name = "background-jobs") {
  const db = processes.connect();
  return createLease(db, { name, holder, ttlMs: TTL, now: processes.now });
}

describe("a lease over one database", () => {
  it("has one holder among several contenders", () => {
    const [a, b, c] = [contender("a"), contender("b"), contender("c")];
    expect(a.take()).toBe(true);
    expect(b.take()).toBe(false);
    expect(c.take()).toBe(false);
    expect([a.held(), b.held(), c.held()]).toEqual([true, false, false]);
    expect(b.current()).toEqual({ holder: "a", expiresAt: processes.clock + TTL });
  });

  it("is renewed by its holder, so it never expires while the holder is alive", () => {
    const [a, b] = [contender("a"), contender("b")];
    a.take();
    for (let i = 0; i < 5; i++) {
      processes.clock += TTL / 3;
      expect(a.take()).toBe(true);
      expect(b.take()).toBe(false);
    }
    expect(a.current()).toEqual({ holder: "a", expiresAt: processes.clock + TTL });
  });

  it("is taken over once it has expired, and its old holder knows it no longer holds it", () => {
    const [a, b] = [contender("a"), contender("b")];
    a.take();
    processes.clock += TTL - 1;
    expect(a.held()).toBe(true);
    expect(b.take()).toBe(false);
    // From the instant the holder stops counting itself one, another may take it: never both at once.
    processes.clock += 1;
    expect(a.held()).toBe(false);
    expect(b.take()).toBe(true);
    expect(a.take()).toBe(false);
    expect(a.held()).toBe(false);
    expect(a.current()?.holder).toBe("b");
  });

  it("is free at once when its holder gives it up, and giving up someone else's lease does nothing", () => {
    const [a, b] = [contender("a"), contender("b")];
    a.take();
    b.release();
    expect(b.take()).toBe(false);
    a.release();
    expect(a.held()).toBe(false);
    expect(b.take()).toBe(true);
  });

  it("keeps leases of different names apart", () => {
    expect(contender("a", "one").take()).toBe(true);
    expect(contender("b", "two").take()).toBe(true);
  });

  it("goes to exactly one of several processes racing for an expired lease", async () => {
    const dead = contender("dead");
    processes.clock = Date.now() - 2 * TTL;
    dead.take();
    const racers = ["p1", "p2", "p3"].map((holder) =>
      startRaceWorker<{ won: number; tries: number }>("lease-race-worker.ts", [processes.file, holder]),
    );
    await Promise.all(racers.map((r) => r.ready));
    const at = Date.now() + 300;
    for (const r of racers) r.go(at);
    const results = await Promise.all(racers.map((r) => r.result));
    expect(results.map((r) => r.tries)).toEqual([50, 50, 50]);
    expect(results.filter((r) => r.won > 0)).toHaveLength(1);
    const winner = ["p1", "p2", "p3"][results.findIndex((r) => r.won > 0)];
    expect(dead.current()?.holder).toBe(winner);
  });
});

describe("a holder known to be gone", () => {
  it("is a process of this machine that has ended; this process, and holders that cannot be asked, are not", () => {
    const ended = spawnSync(process.execPath, ["-e", ""]).pid;
    expect(holderGone(`${os.hostname()}:${ended}:ab12cd34`)).toBe(true);
    expect(holderGone(holderId())).toBe(false);
    expect(holderGone(`elsewhere.example:${ended}:ab12cd34`)).toBe(false);
    expect(holderGone("not a holder id")).toBe(false);
  });
});
