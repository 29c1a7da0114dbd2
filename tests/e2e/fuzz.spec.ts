import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";

// Malformed and hostile requests never get a 5xx: a few thousand random requests (seeded, so a failure can be
// replayed) across every /api operation, tRPC procedure and form route of the built server, then ordinary
// requests must still work and nothing may have logged a stack trace. The longer run is `npm run bench:fuzz`.
// Like the memory soak it starts its own server in its own process, after the browser projects.
test("thousands of malformed requests get no 5xx and leave the server working", () => {
  test.setTimeout(300_000);
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/fuzz.ts", "--requests", "3000", "--seed", "15", "--json"],
    { env: { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build" }, encoding: "utf8", timeout: 280_000 },
  );
  const result = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
    statuses: Record<string, number>;
    failures: string[];
    stackTraces: string[];
    failedChecks: string[];
  };
  expect(result.failures).toEqual([]);
  expect(result.stackTraces).toEqual([]);
  expect(result.failedChecks).toEqual([]);
  expect(Object.values(result.statuses).reduce((a, b) => a + b, 0)).toBe(3000);
  // The run reached the code behind the guards, not only the refusals.
  expect(result.statuses["200"]).toBeGreaterThan(100);
  expect(run.status, run.stderr.slice(-2000)).toBe(0);
});
