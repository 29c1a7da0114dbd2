// Benchmark: how soon a restarted shop answers, whatever the size of its catalogue.
//   npm run bench:startup [-- --records 100000 --port 3233 --timeout 1800]
// Two databases are made before any clock starts: the demo seed (764 records; the baseline) and the demo seed plus
// `records` records as a large catalogue import leaves them (the stock photo for a cover, no cover file of their
// own). Each is started with an empty media folder, as after a first start on a new disk, and for each the built
// server (`node server.js`, BUILD_DIR honoured) is started and timed:
//   - first answer: ms from starting the process until GET /api/tracks?limit=1 answers 200;
//   - media done: ms until that answer has come and every generated cover the catalogue shows is on disk (made
//     before listening by a server that prepares media first, in the background by one that does not);
//   - while media were being made: the same request's p50/p99, asked every 100 ms until media were done.
// Exits with an error, saying why, when a server does not answer or its media are not done within `timeout` seconds.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { seedIfEmpty } from "../db/seed/run";
import { parseShopImagePath } from "../app/domain/images/image-url";
import { displayCoverUrl } from "../app/domain/catalogue/cover";
import { cliArgs } from "./args";
import { stop } from "./bench-support";

const args = cliArgs({ records: { type: "string" }, port: { type: "string" }, timeout: { type: "string" } });
const extra = Number(args.records ?? 100_000);
const port = Number(args.port ?? 3233);
const timeoutMs = Number(args.timeout ?? 1800) * 1000;
if (![extra, port, timeoutMs].every((n) => Number.isInteger(n) && n > 0)) {
  console.error("--records, --port and --timeout must be positive whole numbers");
  process.exit(1);
}

class BenchFailure extends Error {}

const SEED = 20261122;
const QUERY = "/api/tracks?limit=1";

/** A seeded database in a fresh folder with `imported` more records as an import leaves them, and an empty media folder. */
function prepareCase(imported: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-startup-"));
  const file = path.join(dir, "bench.db");
  const db = openDatabase(file);
  runMigrations(db);
  seedIfEmpty(db, { seed: SEED });
  if (imported > 0)
    db.$client.exec(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${imported})
       insert into records (catalogue_id, title, artist, genre, cover_url, audio_url, duration, price_pence, catalog_number,
         stock_quantity, release_date, format)
       select 'imported-pressing-' || i, 'Imported Pressing ' || i, 'The Imports ' || (i % 97), 'Jazz', '/images/default-cover.jpg',
         '/media/audio/imported-pressing-' || i || '.wav', 30, 1299, 'IMP-' || i, i % 5, '2020-01-01', 'Vinyl LP'
       from n`,
    );
  // The covers the catalogue shows that are generated from a record of it: what "media done" waits for.
  const ids = new Set(db.$client.prepare("select catalogue_id as id from records").pluck().all() as string[]);
  const shown = new Set<string>();
  for (const url of db.$client.prepare("select distinct cover_url from records").pluck().all() as string[]) {
    const parsed = parseShopImagePath(displayCoverUrl(url));
    const id = parsed?.root === "covers" ? parsed.file.slice(0, -".jpg".length) : null;
    if (id && ids.has(id)) shown.add(parsed!.file);
  }
  const records = ids.size;
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  const mediaDir = path.join(dir, "media");
  fs.mkdirSync(mediaDir);
  return { dir, file, mediaDir, records, shown, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timeStart(name: string, c: ReturnType<typeof prepareCase>) {
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      DATABASE_PATH: c.file,
      MEDIA_DIR: c.mediaDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      ACCESS_LOG: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const failed = (why: string) => new BenchFailure(`${name}: ${why}\n--- server output ---\n${output.join("").slice(-2000)}`);
  const elapsed = () => performance.now() - started;
  const coversMissing = () => {
    const present = new Set(
      fs.existsSync(path.join(c.mediaDir, "covers")) ? fs.readdirSync(path.join(c.mediaDir, "covers")) : [],
    );
    let missing = 0;
    for (const file of c.shown) if (!present.has(file)) missing++;
    return missing;
  };
  try {
    let firstAnswerMs = 0;
    while (!firstAnswerMs) {
      if (child.exitCode !== null) throw failed(`the server exited (${child.exitCode}) before answering`);
      if (elapsed() > timeoutMs) throw failed("no answer within the timeout");
      const answered = await fetch(`http://127.0.0.1:${port}${QUERY}`).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      );
      if (answered) firstAnswerMs = elapsed();
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The shop's answers while its media are being made, and when they are all there.
    const times: number[] = [];
    let mediaDoneMs = coversMissing() === 0 ? elapsed() : 0;
    while (!mediaDoneMs) {
      if (child.exitCode !== null) throw failed(`the server exited (${child.exitCode})`);
      if (elapsed() > timeoutMs) throw failed(`${coversMissing()} covers still missing after the timeout`);
      const asked = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${QUERY}`);
      await response.arrayBuffer();
      if (!response.ok) throw failed(`${QUERY} answered ${response.status}`);
      times.push(performance.now() - asked);
      if (coversMissing() === 0) mediaDoneMs = elapsed();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    times.sort((a, b) => a - b);
    return { firstAnswerMs, mediaDoneMs, answers: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
  } finally {
    await stop(child);
  }
}

const cases = [
  { name: "demo seed (baseline)", imported: 0 },
  { name: `demo seed + ${extra.toLocaleString("en-GB")} imported`, imported: extra },
];
const results: { name: string; records: number; covers: number; r: Awaited<ReturnType<typeof timeStart>> }[] = [];
let failedRun = false;
try {
  for (const { name, imported } of cases) {
    console.log(`Preparing ${name}…`);
    const c = prepareCase(imported);
    try {
      console.log(`Starting the server on ${c.records.toLocaleString("en-GB")} records (${c.shown.size} covers to make)…`);
      results.push({ name, records: c.records, covers: c.shown.size, r: await timeStart(name, c) });
    } finally {
      c.cleanup();
    }
  }
  const width = Math.max(...results.map((x) => x.name.length));
  const [base] = results;
  console.log(
    `\nStart-up with an empty media folder (${process.env.BUILD_DIR || "build"}); Node ${process.version}; ${os.cpus().length} cores`,
  );
  console.log(
    `${"database".padEnd(width)} ${"records".padStart(8)} ${"covers".padStart(7)} ${"first answer ms".padStart(16)} ${"vs base".padStart(8)} ${"media done ms".padStart(14)} ${"meanwhile p50/p99 ms (n)".padStart(26)}`,
  );
  for (const { name, records, covers, r } of results) {
    const meanwhile = r.answers ? `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} (${r.answers})` : "- (done before listening)";
    console.log(
      `${name.padEnd(width)} ${String(records).padStart(8)} ${String(covers).padStart(7)} ${r.firstAnswerMs.toFixed(0).padStart(16)} ${(r.firstAnswerMs / base!.r.firstAnswerMs).toFixed(2).padStart(8)} ${r.mediaDoneMs.toFixed(0).padStart(14)} ${meanwhile.padStart(26)}`,
    );
  }
} catch (error) {
  failedRun = true;
  console.error(`\nbench:startup failed: ${error instanceof BenchFailure ? error.message : (error as Error).stack}`);
}
process.exit(failedRun ? 1 : 0);
