import { format } from "node:util";
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * A console.error that a test did not declare (see expectConsoleError in console-error.ts) fails that
 * test. The calls are recorded and reported after the test rather than thrown where they happen, as the
 * code under test may catch what it logs from.
 */
let unexpected: string[] = [];
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  unexpected = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpected.push(format(...args));
  });
});

afterEach(() => {
  spy?.mockRestore();
  spy = undefined;
  const calls = unexpected;
  unexpected = [];
  if (calls.length) {
    throw new Error(
      `console.error was called ${calls.length} time(s) without the test expecting it ` +
        `(declare an expected log with expectConsoleError() from tests/setup/console-error.ts):\n\n` +
        calls.map((c, i) => `${i + 1}. ${c}`).join("\n\n"),
    );
  }
});
