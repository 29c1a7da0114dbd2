// Benchmark: catalogue imports while the shop serves pages.
//   npm run bench:import [-- --rows 10000 --preview-rows 200000 --loops 2 --port 3233]
// Starts the built server in a process of its own on a fresh database (as `npm start` would: it seeds itself), signs
// in an owner (with the second factor every back-office page needs), then, while `loops` concurrent loops request
// shop pages and time each one:
//   1. quiet: nothing else for a few seconds (the baseline), then as long again with one more loop writing a stock
//      recount (the apply's baseline);
//   2. previews (upload, read and check, then the page the admin lands on): three times a 20,000-row file (the most
//      rows a preview reads in full) and three times a `preview-rows` file of short rows (200,000: refused as too
//      long once 20,001 rows are read);
//   3. applies a `rows`-row file (every row new) while the loops and the recount go on.
// Prints the page times (p50, p99, slowest) of each phase beside the baseline, the previews' and the apply's times
// and the writes' times. Exits with an error, saying why, when something it measures failed: a preview or the
// apply not answered as a browser's would be, no page answered in a phase, or the imported rows missing.
import { createServer } from "node:net";
import Database from "better-sqlite3";
import { cliArgs } from "./args";
import { signInOwner } from "./bench-admin";
import { benchEnvironment, startServer, stop, waitFor } from "./bench-support";

const args = cliArgs({
  rows: { type: "string" },
  "preview-rows": { type: "string" },
  loops: { type: "string" },
  port: { type: "string" },
});
const rows = Number(args.rows ?? 10_000);
const previewRows = Number(args["preview-rows"] ?? 200_000);
const loops = Number(args.loops ?? 2);
const wholeNumbers = [rows, previewRows, loops].every((n) => Number.isInteger(n) && n >= 1);
if (!wholeNumbers || (args.port !== undefined && !/^\d+$/.test(args.port))) {
  console.error("--rows, --preview-rows and --loops must be positive whole numbers, --port a port number");
  process.exit(1);
}

/** A free port on the loopback interface, unless one was given. */
async function portToUse(): Promise<number> {
  if (args.port) return Number(args.port);
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Thrown for a failure that makes the figures meaningless: reported in one line, exit status 1. */
class BenchFailure extends Error {}

const PAGES = ["/", "/browse", "/browse?q=blue", "/new-releases", "/allvinyl?page=3"];

interface Times {
  ok: number[];
  failed: string[];
}
const stats = ({ ok }: Times) => {
  const sorted = [...ok].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
};

const header = "catalogue_number,title,artist,genre,price,format,label,release_date,year,condition,stock";
const fullRows = (count: number, prefix: string) =>
  [
    header,
    ...Array.from(
      { length: count },
      (_, i) =>
        `${prefix}-${i},Bench Pressing ${i},The Benchmarks ${i % 97},Jazz,${(10 + (i % 40)).toFixed(2)},Vinyl LP,Bench Label,2020-01-01,2020,new,${i % 5}`,
    ),
  ].join("\n");
// Short rows keep a 200,000-row file under the 5 MB upload limit, so the preview reads it rather than refusing its size.
const shortRows = (count: number) =>
  ["catno,title,artist,price", ...Array.from({ length: count }, (_, i) => `S${i},P${i},B${i % 97},9`)].join("\n");

const { env, cleanup } = benchEnvironment("bench-import");
const { child, base } = startServer(env, await portToUse());
let failed = false;
try {
  await Promise.race([
    waitFor(`${base}/api/tracks?limit=1`),
    new Promise((_, reject) =>
      child.once("exit", (code) => reject(new BenchFailure(`the server exited (${code}) before answering`))),
    ),
  ]);
  const origin = { Origin: base };
  const cookie = await signInOwner(base, env.DATABASE_PATH);

  /** Requests pages in `loops` concurrent loops until `done()` says stop; each page's time, and the failures. */
  async function pageLoop(done: () => boolean): Promise<Times> {
    const times: Times = { ok: [], failed: [] };
    await Promise.all(
      Array.from({ length: loops }, async (_, n) => {
        for (let i = n; !done(); i++) {
          const page = PAGES[i % PAGES.length]!;
          const started = performance.now();
          try {
            const response = await fetch(`${base}${page}`);
            await response.arrayBuffer();
            if (response.ok) times.ok.push(performance.now() - started);
            else times.failed.push(`${page}: ${response.status}`);
          } catch (error) {
            times.failed.push(`${page}: ${(error as Error).message}`);
          }
        }
      }),
    );
    return times;
  }
  /** Recounts one record's stock in a loop until `done()` says stop; each write's time, and the failures. */
  async function writeLoop(done: () => boolean): Promise<Times> {
    const times: Times = { ok: [], failed: [] };
    for (let i = 0; !done(); i++) {
      const started = performance.now();
      const response = await fetch(`${base}/trpc/admin.stock.adjust`, {
        method: "POST",
        headers: { ...origin, Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ recordId: 1, reason: "recount", counted: 5 + (i % 2) }),
      });
      await response.arrayBuffer();
      if (response.ok) times.ok.push(performance.now() - started);
      else times.failed.push(`stock recount: ${response.status}`);
    }
    return times;
  }
  /** Pages (and writes, when asked) timed for as long as `work` runs. */
  async function during<T>(work: () => Promise<T>, writes = false) {
    let running = true;
    const done = () => !running;
    const pages = pageLoop(done);
    const recounts = writes ? writeLoop(done) : Promise.resolve<Times>({ ok: [], failed: [] });
    try {
      const result = await work();
      running = false;
      return { result, pages: await pages, writes: await recounts };
    } finally {
      running = false;
    }
  }

  /** Uploads a file for preview, as the import form does; its id and hash, from where the answer sends the admin. */
  async function preview(csv: string): Promise<{ id: string; hash: string; location: string }> {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("file", new File([csv], "bench.csv", { type: "text/csv" }));
    // Encoded before the clock starts: the upload's own encoding is this script's work, not the server's.
    const encoded = new Request(base, { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const response = await fetch(`${base}/admin/catalog-update/import`, {
      method: "POST",
      headers: { ...origin, Cookie: cookie, "Content-Type": encoded.headers.get("content-type")! },
      body,
      redirect: "manual",
    });
    const location = response.headers.get("location") ?? "";
    const params = new URL(location || "/", base).searchParams;
    const [id, hash] = [params.get("id"), params.get("hash")];
    if (response.status !== 303 || !id || !hash || !location.startsWith("/admin/catalog-update/import"))
      throw new BenchFailure(
        `the preview answered ${response.status}${location ? ` (to ${location})` : ""} instead of sending the admin to the preview page: ${(await response.text()).slice(0, 200)}`,
      );
    return { id, hash, location };
  }
  /** Previews `csv` as the admin's browser does: the upload, then the page it lands on (which plans the file again). */
  async function previewAndShow(csv: string): Promise<{ ms: number; page: string }> {
    const started = performance.now();
    const { location } = await preview(csv);
    const page = await fetch(`${base}${location}`, { headers: { Cookie: cookie } });
    const html = await page.text();
    if (page.status !== 200) throw new BenchFailure(`the preview page answered ${page.status}`);
    return { ms: performance.now() - started, page: html };
  }

  const f = (ms: number) => ms.toFixed(1).padStart(8);
  const table: [string, Times][] = [];
  const requireAnswers = (phase: string, times: Times) => {
    if (times.ok.length === 0)
      throw new BenchFailure(`no page answered during ${phase}${times.failed.length ? ` (${times.failed[0]})` : ""}`);
    table.push([phase, times]);
  };

  // Warm-up, then the quiet baselines: pages alone (for the previews), and pages beside the stock recounts (for the
  // apply: each write moves the change version, so the visitor page cache renders pages afresh).
  let until = performance.now() + 1500;
  await pageLoop(() => performance.now() > until);
  until = performance.now() + 4000;
  const baseline = await pageLoop(() => performance.now() > until);
  requireAnswers("quiet (baseline)", baseline);
  until = performance.now() + 4000;
  const [baselineWithWrites, baselineWrites] = await Promise.all([
    pageLoop(() => performance.now() > until),
    writeLoop(() => performance.now() > until),
  ]);
  requireAnswers("quiet, with recounts (baseline)", baselineWithWrites);

  // The previews.
  const previews: string[] = [];
  for (const [name, csv, expect] of [
    ["20,000 rows", fullRows(20_000, "FULL"), /Import 20,000 rows/],
    [`${previewRows.toLocaleString("en-GB")} rows`, shortRows(previewRows), /more than 20,000 rows|Import [\d,]+ rows?/],
  ] as const) {
    const runs: number[] = [];
    const timed = await during(async () => {
      for (let i = 0; i < 3; i++) {
        const { ms, page } = await previewAndShow(csv);
        if (!expect.test(page)) throw new BenchFailure(`the preview page of ${name} does not show the file's outcome`);
        runs.push(ms);
      }
    });
    requireAnswers(`previews of ${name}`, timed.pages);
    previews.push(
      `preview of ${name} (${(csv.length / 1024 / 1024).toFixed(1)} MB), upload to page shown: ${runs.map((ms) => ms.toFixed(0)).join(", ")} ms`,
    );
  }

  // The apply.
  const applyFile = fullRows(rows, "BENCH");
  const applyPreview = await previewAndShow(applyFile);
  const { id, hash, location } = await preview(applyFile);
  const apply = new URLSearchParams({ intent: "apply", id, hash });
  const started = performance.now();
  const applying = await during(async () => {
    const answer = await fetch(`${base}${location}`, {
      method: "POST",
      headers: { ...origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: apply,
      redirect: "manual",
    });
    if (answer.status !== 303)
      throw new BenchFailure(`the apply answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
    return performance.now() - started;
  }, true);
  requireAnswers("the apply (with recounts)", applying.pages);
  const applyMs = applying.result;
  const db = new Database(env.DATABASE_PATH, { readonly: true });
  const imported = (db.prepare("select count(*) as n from records where catalog_number like 'BENCH-%'").get() as { n: number }).n;
  db.close();
  if (imported !== rows) throw new BenchFailure(`the apply left ${imported} of the file's ${rows} rows in the catalogue`);

  console.log(`\nCatalogue imports while ${loops} loops request shop pages; Node ${process.version}`);
  for (const line of previews) console.log(line);
  console.log(`preview of the ${rows.toLocaleString("en-GB")}-row file to apply: ${applyPreview.ms.toFixed(0)} ms`);
  console.log(
    `apply (staged in time slices, then one transaction): ${applyMs.toFixed(0)} ms → ${((rows / applyMs) * 1000).toFixed(0)} rows/s; ${imported} rows in the catalogue`,
  );
  // Each phase beside its own baseline: the apply runs with the recounts, the previews without.
  const baseOf = (name: string) => stats(name.includes("recounts") ? baselineWithWrites : baseline);
  console.log(
    `\n${"pages".padEnd(32)} ${"count".padStart(6)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"max ms".padStart(8)} ${"p99/base".padStart(9)} ${"failed".padStart(7)}`,
  );
  for (const [name, times] of table) {
    const s = stats(times);
    console.log(
      `${name.padEnd(32)} ${String(s.n).padStart(6)} ${f(s.p50)} ${f(s.p99)} ${f(s.max)} ${(s.p99 / baseOf(name).p99).toFixed(1).padStart(9)} ${String(times.failed.length).padStart(7)}`,
    );
  }
  for (const [name, times] of [
    ["recounts, quiet (baseline)", baselineWrites],
    ["recounts, during the apply", applying.writes],
  ] as const) {
    const s = stats(times);
    console.log(
      `${name.padEnd(32)} ${String(s.n).padStart(6)} ${f(s.p50)} ${f(s.p99)} ${f(s.max)} ${"".padStart(9)} ${String(times.failed.length).padStart(7)}`,
    );
  }
  const writeFailures = [...baselineWrites.failed, ...applying.writes.failed];
  if (writeFailures.length) throw new BenchFailure(`${writeFailures.length} stock recount(s) failed, e.g. ${writeFailures[0]}`);
} catch (error) {
  failed = true;
  console.error(`\nbench:import failed: ${error instanceof BenchFailure ? error.message : (error as Error).stack}`);
} finally {
  await stop(child);
  cleanup();
}
process.exit(failed ? 1 : 0);
