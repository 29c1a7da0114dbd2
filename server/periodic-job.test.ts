import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "./periodic-job";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a periodic job", () => {
  it("runs at once, then every interval, and not at all while its condition is false", async () => {
    let allowed = true;
    let runs = 0;
    const job = startPeriodicJob("counting", async () => void (runs += 1), 1000, { when: () => allowed });
    await job.first;
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(4);
    allowed = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(4);
    allowed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(5);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(5);
  });

  it("never overlaps a slow run, and its stop waits for the run in flight", async () => {
    let finish = () => {};
    let runs = 0;
    let finished = 0;
    const job = startPeriodicJob(
      "slow",
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve)).then(() => void (finished += 1));
      },
      1000,
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(1);
  });
});
