/**
 * Lets at most `slots` holders in at once and the rest in the order they asked: a saturated server then finishes
 * pages in the order it read their requests, instead of serving some connections over and over (decision 35).
 */
export function createFifoGate(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];

  function handOn(): void {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  }

  return {
    /** Waits for a slot; the answer gives it back (once, however often it is called). */
    async enter(): Promise<() => void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        handOn();
      };
    },
    /** Figures for tests. */
    stats: () => ({ free, waiting: waiting.length }),
  };
}
