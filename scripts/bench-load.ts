// One request under load: autocannon against a server, after a warm-up, with the server's CPU time per answer.
import autocannon from "autocannon";
import { processCpuMs } from "./bench-support";

/** What Chromium sends: the shop picks brotli from it, as it does for shoppers. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** Each request asks for its own address (an unknown query parameter): the visitor cache never has it. */
  miss?: boolean;
  /** The answering server's process (with any workers under it), for its CPU time per answer. */
  pid: number | undefined;
}

export interface Load {
  connections: number;
  /** Seconds measured, after a 2 s warm-up. */
  duration: number;
}

export async function measure({ url, headers = {}, miss = false, pid }: Target, { connections, duration }: Load) {
  let n = 0;
  const { pathname, search } = new URL(url);
  const requests = miss
    ? [
        {
          setupRequest: (req: autocannon.Request): autocannon.Request => ({
            ...req,
            path: `${pathname}${search ? `${search}&` : "?"}miss=${n++}`,
          }),
        },
      ]
    : undefined;
  const options = { url, connections, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, ...headers }, requests };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const cpuBefore = processCpuMs(pid);
  const r = await autocannon({ ...options, duration });
  const cpuAfter = processCpuMs(pid);
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  const cpuMs =
    cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? (cpuAfter - cpuBefore) / r.requests.total : null;
  // Errors are connection failures or time-outs (10 s): reported, not fatal, on a busy machine.
  const errors = r.errors + r.timeouts;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors, answers: r.requests.total, cpuMs };
}
