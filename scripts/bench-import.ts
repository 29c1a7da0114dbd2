// Benchmark: a 10,000-row catalogue import while the shop serves pages. Prints figures; asserts nothing.
//   npm run bench:import [-- --rows 10000 --loops 2]
// Starts the built server in this process on a fresh seeded database, signs in an admin, then:
//   1. baseline: `loops` concurrent loops request shop pages for a few seconds, timing each page;
//   2. previews a generated CSV of `rows` rows (every row new) through /admin/catalog-update/import;
//   3. applies it while the same loops request pages, and times the apply and every page meanwhile.
//   4. meanwhile one more loop writes: a stock recount through admin.stock.adjust, as a till or goods-in would.
// It prints rows/s, the page times (p50, p99, slowest) and the writes' times during the import beside the
// baseline. The import stages its rows without a lock, yielding to the event loop between chunks, and writes
// them in one short transaction: the slowest page and the slowest write should stay within a small multiple of
// the baseline's, and no write may fail.
import { startBuiltServerInProcess } from "./bench-support";
import { cliArgs } from "./args";
import Database from "better-sqlite3";

/** A short-lived second connection to the server's database (WAL: it neither blocks nor is blocked by readers). */
function withDbFile<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 5000");
    return fn(db);
  } finally {
    db.close();
  }
}

const args = cliArgs({ rows: { type: "string" }, loops: { type: "string" } });
const rows = Number(args.rows ?? 10_000);
const loops = Number(args.loops ?? 2);
if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(loops) || loops < 1) {
  console.error("--rows and --loops must be positive whole numbers");
  process.exit(1);
}

const PAGES = ["/", "/browse", "/browse?q=blue", "/new-releases", "/allvinyl?page=3"];

const { base, stop } = await startBuiltServerInProcess("bench-import");
try {
  const origin = { Origin: base };
  const username = `benchadmin${Date.now()}`;
  const account = { username, email: `${username}@example.com`, password: "bench-secret-1" };
  const reg = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { ...origin, "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  withDbFile(process.env.DATABASE_PATH!, (db) => db.prepare("update users set role = 'admin' where username = ?").run(username));
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { ...origin, "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: account.password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  /** Requests pages in `loops` concurrent loops until `done()` says stop; returns every page's time in ms. */
  async function pageLoop(done: () => boolean): Promise<number[]> {
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: loops }, async (_, n) => {
        for (let i = n; !done(); i++) {
          const started = performance.now();
          const response = await fetch(`${base}${PAGES[i % PAGES.length]}`);
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${PAGES[i % PAGES.length]}: ${response.status}`);
          times.push(performance.now() - started);
        }
      }),
    );
    return times;
  }
  /** Recounts one record's stock in a loop until `done()` says stop; returns every write's time in ms. */
  async function writeLoop(done: () => boolean): Promise<number[]> {
    const times: number[] = [];
    for (let i = 0; !done(); i++) {
      const started = performance.now();
      const response = await fetch(`${base}/trpc/admin.stock.adjust`, {
        method: "POST",
        headers: { ...origin, Cookie: cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ recordId: 1, reason: "recount", counted: 5 + (i % 2) }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`stock adjust: ${response.status}`);
      times.push(performance.now() - started);
    }
    return times;
  }
  const stats = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  };

  // Warm-up, then the baseline.
  let until = performance.now() + 1500;
  await pageLoop(() => performance.now() > until);
  until = performance.now() + 4000;
  const [baseline, baselineWrites] = (
    await Promise.all([pageLoop(() => performance.now() > until), writeLoop(() => performance.now() > until)])
  ).map(stats);

  const header = "catalogue_number,title,artist,genre,price,format,label,release_date,year,condition,stock";
  const lines = Array.from(
    { length: rows },
    (_, i) =>
      `BENCH-${i},Bench Pressing ${i},The Benchmarks ${i % 97},Jazz,${(10 + (i % 40)).toFixed(2)},Vinyl LP,Bench Label,2020-01-01,2020,new,${i % 5}`,
  );
  const csv = [header, ...lines].join("\n");
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File([csv], "bench.csv", { type: "text/csv" }));
  let started = performance.now();
  const preview = await fetch(`${base}/admin/catalog-update/import`, {
    method: "POST",
    headers: { ...origin, Cookie: cookie },
    body: form,
    redirect: "manual",
  });
  const previewMs = performance.now() - started;
  const location = preview.headers.get("location");
  if (preview.status !== 303 || !location) throw new Error(`preview: ${preview.status} ${await preview.text()}`);
  const params = new URL(location, base).searchParams;

  const apply = new URLSearchParams({ intent: "apply", id: params.get("id")!, hash: params.get("hash")! });
  let applying = true;
  started = performance.now();
  const during = pageLoop(() => !applying);
  const writesDuring = writeLoop(() => !applying);
  const applied = await fetch(`${base}/admin/catalog-update/import?${params}`, {
    method: "POST",
    headers: { ...origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: apply,
    redirect: "manual",
  });
  const applyMs = performance.now() - started;
  applying = false;
  const duringImport = stats(await during);
  const writesDuringImport = stats(await writesDuring);
  if (applied.status !== 303) throw new Error(`apply: ${applied.status} ${await applied.text()}`);
  const imported = withDbFile(process.env.DATABASE_PATH!, (db) =>
    db.prepare("select count(*) as n from records where catalog_number like 'BENCH-%'").get(),
  ) as {
    n: number;
  };

  const f = (ms: number) => ms.toFixed(1).padStart(8);
  console.log(
    `\nCatalogue import of ${rows.toLocaleString("en-GB")} rows (${(csv.length / 1024).toFixed(0)} KB); ${loops} page loops; Node ${process.version}`,
  );
  console.log(`preview (upload, parse, check, plan): ${previewMs.toFixed(0)} ms`);
  console.log(
    `apply (staged in time slices, then one transaction): ${applyMs.toFixed(0)} ms → ${((rows / applyMs) * 1000).toFixed(0)} rows/s; ${imported.n} rows in the catalogue`,
  );
  console.log(
    `\n${"".padEnd(24)} ${"count".padStart(6)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"max ms".padStart(8)}`,
  );
  for (const [name, s] of [
    ["pages, baseline", baseline],
    ["pages, during import", duringImport],
    ["writes, baseline", baselineWrites],
    ["writes, during import", writesDuringImport],
  ] as const)
    console.log(`${name.padEnd(24)} ${String(s!.n).padStart(6)} ${f(s!.p50)} ${f(s!.p99)} ${f(s!.max)}`);
  console.log(
    `\nslowest page during the import: ${duringImport.max.toFixed(0)} ms (baseline slowest ${baseline!.max.toFixed(0)} ms); slowest write ${writesDuringImport.max.toFixed(0)} ms (baseline ${baselineWrites!.max.toFixed(0)} ms)`,
  );
} finally {
  await stop();
}
