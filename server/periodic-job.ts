export interface JobOptions {
  /** Asked before every run; a run is skipped while it is false (while this process does not hold the lease). */
  when?: () => boolean;
}

const always = () => true;

/**
 * A background job of the real server: run once at start (a crash may have left work behind), then every
 * `everyMs`, one run at a time (a slow run must not make runs pile up). A failed run is logged, never thrown.
 * `first` resolves after the first run; `stop` resolves once a run in flight has finished.
 */
export function startPeriodicJob(name: string, run: () => Promise<void>, everyMs: number, { when = always }: JobOptions = {}) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (!running && when()) {
      running = run()
        .catch((error: unknown) => console.error(`[${name}] failed:`, error))
        .finally(() => (running = null));
    }
    return running ?? Promise.resolve();
  };
  const first = tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    first,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
