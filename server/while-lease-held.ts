import type { Lease } from "./lease";

/** Something started while the lease is held; `stop` resolves once its work in flight has finished. */
export interface Running {
  stop(): Promise<void>;
}

/**
 * Runs `start` while this process holds `lease`: tries to take it at once and then every `everyMs`, starts on
 * gaining it and stops on losing it. A take that fails (the database busy past its timeout) is not a loss: the
 * lease still counts as held until it would have expired. `stop` stops for good and gives the lease up.
 */
export function whileLeaseHeld(
  lease: Lease,
  start: () => Running,
  { everyMs, log = console.log }: { everyMs: number; log?: (line: string) => void },
) {
  let running: Running | null = null;
  let stopped = false;
  // One turn at a time: a turn that waits for work to stop must not overlap the next.
  let turn = Promise.resolve();

  async function step(): Promise<void> {
    if (stopped) return;
    let holds: boolean;
    try {
      holds = lease.take();
    } catch (error) {
      console.error("[lease] could not take or renew the lease:", error);
      holds = lease.held();
    }
    if (holds && !running) {
      running = start();
      log(`[lease] ${lease.holder} holds the lease: this process runs the background jobs.`);
    } else if (!holds && running) {
      const was = running;
      running = null;
      log(`[lease] ${lease.holder} lost the lease: stopping its background jobs.`);
      await was.stop();
    }
  }

  const tick = () => (turn = turn.then(step).catch((error: unknown) => console.error("[lease] a turn failed:", error)));
  void tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();

  return {
    /** One more try now (tests drive the turns with a clock of their own). */
    tick,
    /** Whether this process is running the work now. */
    isRunning: () => running !== null,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await turn;
      const was = running;
      running = null;
      if (was) await was.stop();
      try {
        lease.release();
      } catch (error) {
        // It expires on its own; another process just waits a little longer for it.
        console.error("[lease] could not give the lease up:", error);
      }
    },
  };
}
