import { vi, type MockInstance } from "vitest";

/**
 * Declares that the running test expects console.error: the log is silenced and kept on the returned
 * spy, to assert on (`expect(errors).toHaveBeenCalledWith(...)`). Without this, any console.error
 * fails the test (tests/setup/fail-on-console-error.ts). Calls made before this line still count as
 * unexpected.
 */
export function expectConsoleError(): MockInstance<typeof console.error> {
  const spy = vi.spyOn(console, "error");
  spy.mockClear();
  return spy.mockImplementation(() => {});
}
