import cluster, { type ClusterSettings, type Worker } from "node:cluster";

/** Deaths further back than this no longer slow replacements down. */
const DEATH_MEMORY_MS = 60_000;
const LONGEST_DELAY_MS = 30_000;

/**
 * How long to wait before replacing a worker, given how many died within the last minute (this one included):
 * the first at once, then 1 s, 2 s, 4 s … up to 30 s, so a worker that crashes on start does not spin a core.
 */
export function restartDelayMs(recentDeaths: number): number {
  if (recentDeaths <= 1) return 0;
  return Math.min(LONGEST_DELAY_MS, 1000 * 2 ** (recentDeaths - 2));
}

export interface SuperviseOptions {
  /** Worker processes to keep running. */
  count: number;
  /** What a worker runs: the primary's own script by default (server.js), something else in tests. */
  settings?: ClusterSettings;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * The primary of Node's cluster: forks `count` workers, which share the listening port, and replaces any that
 * dies (with a back-off). `stop` sends each SIGTERM, so it finishes its in-flight requests and closes its
 * database, and resolves once all have exited; one still running after `graceMs` is killed.
 */
export function superviseWorkers({ count, settings, log = console.log, now = Date.now }: SuperviseOptions) {
  if (settings) cluster.setupPrimary(settings);
  const deaths: number[] = [];
  const replacements = new Set<NodeJS.Timeout>();
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    log(`Worker ${worker.process.pid} started.`);
  };

  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    const at = now();
    deaths.push(at);
    while (deaths[0]! <= at - DEATH_MEMORY_MS) deaths.shift();
    const delay = restartDelayMs(deaths.length);
    console.error(
      `Worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); replacing it${delay ? ` in ${delay / 1000} s` : ""}.`,
    );
    const timer = setTimeout(() => {
      replacements.delete(timer);
      fork();
    }, delay);
    replacements.add(timer);
  };
  cluster.on("exit", onExit);
  for (let i = 0; i < count; i++) fork();

  return {
    /** The workers running now. */
    workers: (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined),

    stop(graceMs = 20_000): Promise<void> {
      stopping = true;
      cluster.off("exit", onExit);
      for (const timer of replacements) clearTimeout(timer);
      replacements.clear();
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
      return Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              const kill = setTimeout(() => {
                console.error(`Worker ${worker.process.pid} did not stop in ${graceMs} ms; killing it.`);
                worker.process.kill("SIGKILL");
                resolve();
              }, graceMs);
              worker.once("exit", () => {
                clearTimeout(kill);
                resolve();
              });
              worker.process.kill("SIGTERM");
            }),
        ),
      ).then(() => {});
    },
  };
}
