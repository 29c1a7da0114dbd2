import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startCoverFill } from "./cover-fill";
import type { MediaService } from "./services/media";

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A media service whose fill makes one cover per turn of `step` until told to stop, out of `total`. */
function fakeMedia(total: number) {
  const fills: { made: number }[] = [];
  let step = () => {};
  const media = {
    async fillMissingCovers({ goOn = () => true } = {}) {
      const fill = { made: 0 };
      fills.push(fill);
      while (fill.made < total) {
        if (!goOn()) return { checked: total, written: fill.made, finished: false };
        await new Promise<void>((resolve) => (step = resolve));
        fill.made++;
      }
      return { checked: total, written: fill.made, finished: true };
    },
  } as unknown as MediaService;
  return { media, fills, step: () => step() };
}

describe("the covers' background fill", () => {
  it("starts at once, runs again on its interval, and never while this process does not hold the lease", async () => {
    const { media, fills, step } = fakeMedia(1);
    let held = true;
    const job = startCoverFill(media, 1000, { when: () => held });
    step();
    await job.first;
    expect(fills).toEqual([{ made: 1 }]);
    held = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(fills).toHaveLength(1);
    held = true;
    await vi.advanceTimersByTimeAsync(1000);
    step();
    await vi.advanceTimersByTimeAsync(0);
    expect(fills).toEqual([{ made: 1 }, { made: 1 }]);
    await job.stop();
  });

  it("stops after the cover in hand when stopped or when the lease is lost", async () => {
    const { media, fills, step } = fakeMedia(100);
    let held = true;
    const job = startCoverFill(media, 1000, { when: () => held });
    step();
    await vi.advanceTimersByTimeAsync(0);
    held = false;
    step();
    await job.first;
    expect(fills).toEqual([{ made: 2 }]);

    held = true;
    await vi.advanceTimersByTimeAsync(1000);
    step();
    await vi.advanceTimersByTimeAsync(0);
    const stopping = job.stop();
    step();
    await stopping;
    expect(fills).toEqual([{ made: 2 }, { made: 2 }]);
  });
});
