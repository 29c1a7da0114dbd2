// Plumbing shared by the benchmarks: a seeded temporary database, the built server in its own process,
// waiting for it and stopping it, and a table of figures with ratios against a baseline from the same run.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Every per-address limit multiplied out of reach: a benchmark sends everything from one address, so the shop's limits
 * (ten checkouts in ten minutes, …) would refuse nearly all of it and the figures would time refusals. The limits
 * have their own tests.
 */
export const NO_RATE_LIMITS = "1000000";

export function benchEnvironment(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `needledrop-${prefix}-`));
  const env = {
    ...process.env,
    DATABASE_PATH: path.join(dir, "bench.db"),
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-bench-media"),
    ACCESS_LOG: "off",
    HOST: "127.0.0.1",
    RATE_LIMIT_FACTOR: NO_RATE_LIMITS,
  };
  return { dir, env, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function seed(env: NodeJS.ProcessEnv, records?: string): void {
  console.log(`Seeding ${env.DATABASE_PATH}${records ? ` with ${records} records` : ""}…`);
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...(records ? ["--records", records] : [])], {
    env,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function startServer(env: NodeJS.ProcessEnv, port: number): { child: ChildProcess; base: string } {
  const child = spawn(process.execPath, ["server.js"], { env: { ...env, PORT: String(port) }, stdio: "ignore" });
  return { child, base: `http://127.0.0.1:${port}` };
}

export function waitFor(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () =>
      fetch(url)
        .then((r) => (r.ok ? resolve() : retry()))
        .catch(retry);
    const retry = () => (Date.now() - started > 300_000 ? reject(new Error(`${url} never came up`)) : setTimeout(tick, 200));
    tick();
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export interface BenchRow {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers counted in the measured seconds, where known. */
  answers?: number;
  /** The server's CPU time (all its threads and processes) per answer, in ms; null where it cannot be read. */
  cpuMs?: number | null;
  /** A few words printed after the figures (a comparison with another row). */
  note?: string;
}

/**
 * The CPU time a process and every process under it (a cluster's primary and its workers) have used so far, all
 * their threads together, in ms: from Linux's /proc, null elsewhere. The load generator runs on the same cores,
 * so requests a second mix the server's cost with its own; CPU time per answer is the server's alone (it still
 * moves with the machine's speed between runs).
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const stats = new Map<number, string>();
  try {
    stats.set(pid, fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    try {
      stats.set(Number(entry), fs.readFileSync(`/proc/${entry}/stat`, "utf8"));
    } catch {
      // Gone between the listing and the reading: it is not one of ours any more.
    }
  }
  return descendantsOf(pid, stats).reduce((sum, p) => sum + cpuMsFromStat(stats.get(p)!), 0);
}

/** `pid` and every process under it, from /proc stat lines by process id. */
export function descendantsOf(pid: number, stats: Map<number, string>): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    for (const [child, stat] of stats) {
      if (parentPidFromStat(stat) === found[i] && !found.includes(child)) found.push(child);
    }
  }
  return found;
}

/** The fields of a /proc/<pid>/stat line after the command name, from field 3 (the state) on. */
function fieldsOf(stat: string): string[] {
  // The command name (field 2) is in parentheses and may hold spaces: fields are counted after its closing one.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The parent's process id (field 4) of a /proc/<pid>/stat line. */
export function parentPidFromStat(stat: string): number {
  return Number(fieldsOf(stat)[1]);
}

/** User plus system time from a /proc/<pid>/stat line, in ms: Linux counts it in ticks of 10 ms (USER_HZ 100). */
export function cpuMsFromStat(stat: string): number {
  // utime and stime are fields 14 and 15: 11 and 12 counted from field 3.
  const fields = fieldsOf(stat);
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`not a /proc stat line: ${stat.slice(0, 80)}`);
  return ticks * 10;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How many times the median latency the slowest hundredth took; null when the median rounds to 0 ms. */
export function tailRatio(row: Pick<BenchRow, "p50" | "p99">): number | null {
  return row.p50 > 0 ? row.p99 / row.p50 : null;
}

/** The rows that measured nothing: no successful answer (or order) in their seconds. */
export function unmeasured(rows: readonly Pick<BenchRow, "target" | "rps" | "answers">[]): string[] {
  return rows.filter((r) => !(r.rps > 0) || r.answers === 0).map((r) => r.target);
}

/** A benchmark whose figures would mislead: it stops the run with a non-zero exit and says why. */
export class BenchFailure extends Error {
  override name = "BenchFailure";
}

/** Stops the run when a row measured nothing: a table of zeros must never pass for a result. */
export function failUnlessMeasured(rows: readonly Pick<BenchRow, "target" | "rps" | "answers">[]): void {
  const empty = unmeasured(rows);
  if (empty.length > 0) throw new BenchFailure(`nothing succeeded for: ${empty.join("; ")}`);
}

/**
 * Prints the rows; the ratios are taken against `baseline` (req/s), by default the first row's. Then fails the run
 * when any row measured nothing.
 */
export function printTable(rows: BenchRow[], header: string, unit = "req/s", baseline = rows[0]!.rps): void {
  console.log(`\n${header}; ${os.cpus().length} cores; Node ${process.version}`);
  const width = Math.max(...rows.map((r) => r.target.length));
  const withCpu = rows.some((r) => r.cpuMs !== undefined);
  const cpuOf = (r: BenchRow) => (withCpu ? ` ${(r.cpuMs == null ? "-" : r.cpuMs.toFixed(3)).padStart(11)}` : "");
  const tailOf = (r: BenchRow) => tailRatio(r)?.toFixed(1) ?? "-";
  console.log(
    `${"target".padEnd(width)} ${unit.padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"p99/p50".padStart(7)} ${"vs base".padStart(8)} ${"errors".padStart(7)}${withCpu ? ` ${"CPU ms/req".padStart(11)}` : ""}`,
  );
  for (const r of rows) {
    console.log(
      `${r.target.padEnd(width)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${tailOf(r).padStart(7)} ${(r.rps / baseline).toFixed(3).padStart(8)} ${String(r.errors).padStart(7)}${cpuOf(r)}${r.note ? `  ${r.note}` : ""}`,
    );
  }
  failUnlessMeasured(rows);
}

/**
 * The built server in this very process (for scripts that watch its heap or its log), on a fresh temporary
 * database and a free port. `stop` closes it and removes the database.
 */
export async function startBuiltServerInProcess(prefix: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `needledrop-${prefix}-`));
  Object.assign(process.env, {
    DATABASE_PATH: path.join(dir, `${prefix}.db`),
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-bench-media"),
    ACCESS_LOG: "off",
    NODE_ENV: "production",
    RATE_LIMIT_FACTOR: NO_RATE_LIMITS,
  });
  const buildDir = process.env.BUILD_DIR || "build";
  const server = await import(pathToFileURL(path.resolve(buildDir, "server", "index.js")).href);
  await server.prepare();
  const listener: http.Server = server.createServerApp().listen(0, "127.0.0.1");
  await new Promise((resolve) => listener.once("listening", resolve));
  const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  return {
    base,
    stop: async () => {
      await new Promise((resolve) => listener.close(resolve));
      await server.shutdown();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
