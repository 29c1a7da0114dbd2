/**
 * A pause a background loop can end early: `pause(ms)` waits (its timer never keeps the process alive) and `wake()`
 * ends the current wait at once, so stopping a sender or a sync does not wait out its idle time.
 */
export function wakeablePause() {
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms).unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return { pause, wake: () => wake() };
}
