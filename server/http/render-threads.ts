import { Worker } from "node:worker_threads";
import { SharedDataMissing } from "../../app/lib/render-job.server";

/**
 * A render thread's answer to job `id`: the page (its bytes, or null: see renderWholePage), or why it failed;
 * `missing` when it lacked shared page data the job named (the caller sends it again with the next job).
 */
export type RenderReply<Page> = { id: number; page: Page } | { id: number; error: string; missing?: boolean };

/**
 * Threads that render pages whose loaders ran on the main thread (docs/decisions/0038-render-threads.md), so a
 * second core does the React render while the main thread reads the next request. `render` gives undefined when no
 * thread can take the job (stopped, or each already has `queuePerThread` jobs) and rejects when the thread fails:
 * either way the caller renders on the main thread, as a machine with one core does for every page.
 */
export interface RenderThreads<Job, Page> {
  render(job: Job): Promise<Page> | undefined;
  close(): Promise<void>;
}

interface Thread<Page> {
  worker: Worker;
  pending: Map<number, { resolve: (page: Page) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>;
}

export interface RenderThreadOptions {
  /** A job not answered in this time stops its thread (it is restarted) and is rendered on the main thread. */
  timeoutMs?: number;
  /** Jobs in flight per thread before the main thread renders the next page itself. */
  queuePerThread?: number;
  /** Wait before a stopped thread is started again. */
  restartMs?: number;
  /** Given to each thread as its workerData. */
  workerData?: unknown;
}

/** Threads to start: as configured, else one per core beyond the first (the main thread's), at most four. */
export function renderThreadCount(configured: number | undefined, cores: number): number {
  return configured ?? Math.max(0, Math.min(cores - 1, 4));
}

export function createRenderThreads<Job, Page>(
  file: string | URL,
  count: number,
  { timeoutMs = 5_000, queuePerThread = 16, restartMs = 1_000, workerData }: RenderThreadOptions = {},
): RenderThreads<Job, Page> {
  const threads: Thread<Page>[] = [];
  let nextId = 1;
  let closing = false;

  function start(): void {
    const thread: Thread<Page> = { worker: new Worker(file, { workerData }), pending: new Map() };
    thread.worker.on("message", (reply: RenderReply<Page>) => {
      const job = thread.pending.get(reply.id);
      if (!job) return;
      thread.pending.delete(reply.id);
      clearTimeout(job.timer);
      if ("error" in reply) job.reject(reply.missing ? new SharedDataMissing(reply.error) : new Error(reply.error));
      else job.resolve(reply.page);
    });
    thread.worker.on("error", (error) => stopped(thread, error));
    thread.worker.on("exit", (code) => stopped(thread, new Error(`render thread exited with code ${code}`)));
    // The HTTP server keeps the process alive; a render thread must not keep it from exiting. (After the listeners:
    // adding a message listener refs the worker again.)
    thread.worker.unref();
    threads.push(thread);
  }

  function stopped(thread: Thread<Page>, error: Error): void {
    const index = threads.indexOf(thread);
    if (index === -1) return;
    threads.splice(index, 1);
    for (const job of thread.pending.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    thread.pending.clear();
    void thread.worker.terminate();
    if (closing) return;
    console.error(`[render] a render thread stopped (${error.message}); it restarts in ${restartMs} ms.`);
    setTimeout(() => closing || start(), restartMs).unref();
  }

  for (let i = 0; i < count; i++) start();

  return {
    render(job: Job): Promise<Page> | undefined {
      let least: Thread<Page> | undefined;
      for (const thread of threads) if (!least || thread.pending.size < least.pending.size) least = thread;
      if (!least || least.pending.size >= queuePerThread) return undefined;
      const thread = least;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        try {
          // Throws at once when the job holds something that cannot be copied (a function, a promise).
          thread.worker.postMessage({ id, job });
        } catch (error) {
          return reject(error instanceof Error ? error : new Error(String(error)));
        }
        const timer = setTimeout(() => stopped(thread, new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        thread.pending.set(id, { resolve, reject, timer });
      });
    },
    async close(): Promise<void> {
      closing = true;
      const stopping = threads.splice(0);
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
    },
  };
}
