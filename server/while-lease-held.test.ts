import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../tests/setup/console-error";
import { processesOverOneFile } from "../tests/setup/processes-over-one-file";
import { createLease, type Lease } from "./lease";
import { whileLeaseHeld } from "./while-lease-held";

// Server processes over one database, each with its own connection and its own background work, started only
// while it holds the lease. The clock is the test's and the turns are taken by hand (the timer's hour never comes).

const TTL = 30_000;
const HOUR = 3_600_000;
const processes = processesOverOneFile();

function leaseFor(holder: string): Lease {
  const db = processes.connect();
  return createLease(db, { name: "background-jobs", holder, ttlMs: TTL, now: processes.now });
}

/** A process's background work: counts its starts and stops. */
function serverProcess(lease: Lease) {
  const work = { starts: 0, stops: 0, log: [] as string[] };
  const runner = whileLeaseHeld(
    lease,
    () => {
      work.starts += 1;
      return { stop: async () => void (work.stops += 1) };
    },
    { everyMs: HOUR, log: (line) => work.log.push(line) },
  );
  return { work, runner, lease };
}

describe("background work while the lease is held", () => {
  it("runs in one process only, and moves to another once the holder has died and its lease expired", async () => {
    const a = serverProcess(leaseFor("a"));
    const b = serverProcess(leaseFor("b"));
    await Promise.all([a.runner.tick(), b.runner.tick()]);
    expect([a.runner.isRunning(), b.runner.isRunning()]).toEqual([true, false]);
    expect(a.work.log).toEqual(["[lease] a holds the lease: this process runs the background jobs."]);

    // Both keep taking turns: the holder renews, the other keeps out.
    for (let i = 0; i < 6; i++) {
      processes.clock += TTL / 3;
      await Promise.all([a.runner.tick(), b.runner.tick()]);
    }
    expect([a.work.starts, b.work.starts]).toEqual([1, 0]);

    // The holder dies (no more turns). Until its lease runs out, nobody else starts.
    processes.clock += TTL - 1;
    await b.runner.tick();
    expect(b.runner.isRunning()).toBe(false);
    processes.clock += 1;
    await b.runner.tick();
    expect(b.runner.isRunning()).toBe(true);
    expect(b.work.starts).toBe(1);
    expect(a.lease.held()).toBe(false);

    // Had it only stalled, its next turn finds the lease gone and stops its work.
    await a.runner.tick();
    expect(a.runner.isRunning()).toBe(false);
    expect(a.work.stops).toBe(1);
    expect(a.work.log.at(-1)).toBe("[lease] a lost the lease: stopping its background jobs.");
    await b.runner.stop();
    await a.runner.stop();
  });

  it("gives the lease up on a graceful stop, so another process takes over at its next turn", async () => {
    const a = serverProcess(leaseFor("a"));
    const b = serverProcess(leaseFor("b"));
    await a.runner.tick();
    await b.runner.tick();
    await a.runner.stop();
    expect(a.work.stops).toBe(1);
    expect(a.lease.current()).toBeNull();
    await b.runner.tick();
    expect(b.runner.isRunning()).toBe(true);
    await b.runner.stop();
  });

  it("keeps its work through a renewal that fails, until the lease would have expired", async () => {
    const errors = expectConsoleError();
    const lease = leaseFor("a");
    let busy = false;
    const flaky: Lease = {
      ...lease,
      take: () => {
        if (busy) throw new Error("database is locked");
        return lease.take();
      },
    };
    const a = serverProcess(flaky);
    await a.runner.tick();
    busy = true;
    processes.clock += TTL - 1;
    await a.runner.tick();
    expect(a.runner.isRunning()).toBe(true);
    processes.clock += 1;
    await a.runner.tick();
    expect(a.runner.isRunning()).toBe(false);
    expect(errors).toHaveBeenCalledWith("[lease] could not take or renew the lease:", expect.any(Error));
    busy = false;
    await a.runner.stop();
  });
});
