import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";

// Nothing a request creates may outlive it: a few thousand renders and form posts on the built server (as a
// visitor, with a cart and signed in) must leave the heap after a full GC where it started. Heap growth, not
// time, is what is checked; the full soak (20,000 requests) is `npm run bench:soak`. It runs in its own
// project, after the others, so it has the machine to itself.
test("thousands of pages and form posts leave the heap where it started", () => {
  test.setTimeout(300_000);
  const run = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "scripts/soak.ts", "--requests", "4000", "--every", "2000", "--json"],
    { env: { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build" }, encoding: "utf8", timeout: 280_000 },
  );
  expect(run.status, run.stderr.slice(-2000)).toBe(0);
  const result = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { growthMb: number; failed: number; samples: unknown[] };
  expect(result.failed).toBe(0);
  expect(result.samples).toHaveLength(3);
  // A leak of even 5 KB a request would be 20 MB here; what a healthy server keeps is noise below that.
  expect(result.growthMb).toBeLessThan(10);
});
