/**
 * A background job of the real server: run once at start-up (a crash may have left work behind), then every
 * `everyMs`, one run at a time (a slow run must not make runs pile up). A failed run is logged, never thrown.
 * `first` resolves after the start-up run.
 */
export function startPeriodicJob(name: string, run: () => Promise<void>, everyMs: number) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= run()
      .catch((error: unknown) => console.error(`[${name}] failed:`, error))
      .finally(() => (running = null));
    return running;
  };
  const first = tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}
