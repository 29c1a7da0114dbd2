import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../tests/setup/console-error";
import { restartDelayMs, superviseWorkers } from "./cluster";

// The primary's side of WEB_CONCURRENCY, with a stand-in worker (tests/setup/cluster-worker.js) instead of the
// server; the real server under the cluster is tested in tests/e2e/processes.spec.ts.

const worker = (...args: string[]) => ({ exec: path.resolve("tests/setup/cluster-worker.js"), args, execArgv: [] });
const pids = (workers: Worker[]) => workers.map((w) => w.process.pid!).sort();
/** Resolves once `count` workers have said they are ready. */
const readyWorkers = (count: number) =>
  new Promise<void>((resolve) => {
    let ready = 0;
    const onMessage = () => {
      if (++ready < count) return;
      cluster.off("message", onMessage);
      resolve();
    };
    cluster.on("message", onMessage);
  });

describe("restartDelayMs", () => {
  it("replaces a worker at once, then waits longer the more died in the last minute, up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});

describe("superviseWorkers", () => {
  it("keeps its workers running, replacing one that dies, and stops them all with SIGTERM", async () => {
    const errors = expectConsoleError();
    const lines: string[] = [];
    const started = readyWorkers(2);
    const workers = superviseWorkers({ count: 2, settings: worker(), log: (line) => lines.push(line) });
    await started;
    const first = pids(workers.workers());
    expect(first).toHaveLength(2);

    const replaced = readyWorkers(1);
    process.kill(first[0]!, "SIGKILL");
    await replaced;
    await vi.waitFor(() => expect(workers.workers()).toHaveLength(2));
    const second = pids(workers.workers());
    expect(second).toContain(first[1]);
    expect(second).not.toContain(first[0]);
    expect(errors).toHaveBeenCalledWith(`Worker ${first[0]} died (SIGKILL); replacing it.`);
    expect(lines).toHaveLength(3);

    const exits: (number | null)[] = [];
    for (const w of workers.workers()) w.once("exit", (code) => exits.push(code));
    await workers.stop();
    expect(exits).toEqual([0, 0]);
    expect(workers.workers()).toEqual([]);
  });

  it("kills a worker that does not stop within the grace period", async () => {
    const errors = expectConsoleError();
    const started = readyWorkers(1);
    const workers = superviseWorkers({ count: 1, settings: worker("stubborn"), log: () => {} });
    await started;
    const [stubborn] = workers.workers();
    const signal = new Promise((resolve) => stubborn!.once("exit", (_code, sig) => resolve(sig)));
    await workers.stop(200);
    expect(await signal).toBe("SIGKILL");
    expect(errors).toHaveBeenCalledWith(`Worker ${stubborn!.process.pid} did not stop in 200 ms; killing it.`);
  });
});
