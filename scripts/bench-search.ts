// Benchmark: server-side search latency at catalogue scale (docs/decisions/0005-search.md). Prints figures;
// asserts nothing.
//   npm run bench:search [-- --records 100000 --iterations 400 --db path/to/seeded.db]
// Seeds a temporary database with --records records (or reads a seeded --db, which it never writes), then
// calls the search service directly, as GET /api/search and the header's dropdown do: warm-up first, then
// round-robin over every kind of query so a busy machine slows them all alike. A primary-key lookup measured
// in the same rounds is the baseline to read the figures against.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../db/client";
import { runMigrations } from "../db/migrate";
import { seededRandom } from "../db/seed/random";
import { growCatalogue, seedIfEmpty } from "../db/seed/run";
import { records } from "../db/schema";
import { todayInLondon } from "../app/domain/shared/dates";
import { createCatalogueService } from "../server/services/catalogue";
import { createSearchService, foldText } from "../server/services/search";
import { cliArgs } from "./args";

const args = cliArgs({ records: { type: "string" }, iterations: { type: "string" }, db: { type: "string" } });
const total = Number(args.records ?? 100_000);
const iterations = Number(args.iterations ?? 400);
if (!Number.isInteger(total) || total < 1 || !Number.isInteger(iterations) || iterations < 1) {
  console.error("--records and --iterations must be positive whole numbers");
  process.exit(1);
}
const SEED = 20261122;
const QUERIES_PER_KIND = 60;
const today = todayInLondon();

// ----- the database -----
let dir: string | null = null;
let db: Db;
if (args.db) {
  db = openDatabase(args.db);
  db.$client.pragma("query_only = ON");
  console.log(`Using ${args.db}.`);
} else {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-search-"));
  db = openDatabase(path.join(dir, "bench.db"));
  db.$client.pragma("synchronous = OFF"); // a throwaway file: no need to wait for the disk
  const started = performance.now();
  runMigrations(db);
  seedIfEmpty(db, { seed: SEED, today });
  growCatalogue(db, { seed: SEED, total, today });
  console.log(
    `Seeded ${total} records in ${((performance.now() - started) / 1000).toFixed(1)} s (${path.join(dir, "bench.db")}).`,
  );
}

try {
  const search = createSearchService(db);
  const catalogue = createCatalogueService(db);
  const count = catalogue.count();

  // ----- the queries: words people would type, taken from the catalogue itself -----
  const rng = seededRandom(SEED);
  const names = db.select({ artist: records.artist, title: records.title }).from(records).all();
  const wordsOf = (text: string) =>
    foldText(text)
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 5);
  const vocabulary = new Set(names.flatMap((r) => wordsOf(`${r.artist} ${r.title}`)));
  /** n distinct queries, each made from a random record's artist and title words (null: try another). */
  const pick = (n: number, make: (artist: string[], title: string[]) => string | null) => {
    const out = new Set<string>();
    for (let tries = 0; out.size < n && tries < n * 100; tries++) {
      const r = rng.pick(names);
      const q = make(wordsOf(r.artist), wordsOf(r.title));
      if (q) out.add(q);
    }
    return [...out];
  };
  const anyWord = (a: string[], t: string[]) => (a.length + t.length ? rng.pick([...a, ...t]) : null);
  const letters = [..."abcdefghijklmnopqrstuvwxyz"];
  /** One typo after the first letter: two letters swapped, one dropped, one added or one changed; never a real word. */
  const misspell = (word: string | null) => {
    if (!word || word.length < 6) return null;
    const i = rng.int(1, word.length - 2);
    const typo = rng.pick([
      () => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2),
      () => word.slice(0, i) + word.slice(i + 1),
      () => word.slice(0, i) + rng.pick(letters) + word.slice(i),
      () => word.slice(0, i) + rng.pick(letters) + word.slice(i + 1),
    ])();
    return vocabulary.has(typo) ? null : typo;
  };
  const kinds: [string, string[]][] = [
    ["2-character prefix", pick(QUERIES_PER_KIND, (a, t) => anyWord(a, t)?.slice(0, 2) ?? null)],
    ["3-character prefix", pick(QUERIES_PER_KIND, (a, t) => anyWord(a, t)?.slice(0, 3) ?? null)],
    ["5-character prefix", pick(QUERIES_PER_KIND, (a, t) => anyWord(a, t)?.slice(0, 5) ?? null)],
    ["artist + title prefix", pick(QUERIES_PER_KIND, (a, t) => (a[0] && t[0] ? `${a[0]} ${t[0].slice(0, 3)}` : null))],
    ["misspelt word", pick(QUERIES_PER_KIND, (a, t) => misspell(anyWord(a, t)))],
  ];
  const ids = Array.from({ length: QUERIES_PER_KIND }, () => rng.int(1, count));

  // ----- measure -----
  const coldStart = performance.now();
  search.suggest("warm", { today }); // builds the visibility bitmap once
  const coldMs = performance.now() - coldStart;
  const baseline = "primary-key lookup (baseline)";
  const timings = new Map<string, number[]>([[baseline, []], ...kinds.map(([k]) => [k, []] as [string, number[]])]);
  const hits = new Map<string, number[]>(kinds.map(([k]) => [k, []]));
  for (const [, queries] of kinds) for (const q of queries) search.suggest(q, { today }); // warm-up
  for (const id of ids) catalogue.find(id);

  for (let i = 0; i < iterations; i++) {
    let t = performance.now();
    catalogue.find(ids[i % ids.length]!);
    timings.get(baseline)!.push(performance.now() - t);
    for (const [kind, queries] of kinds) {
      const q = queries[i % queries.length]!;
      t = performance.now();
      const result = search.suggest(q, { today });
      timings.get(kind)!.push(performance.now() - t);
      if (i < queries.length) hits.get(kind)!.push(result.total);
    }
  }

  // ----- report -----
  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const base = [...timings.get(baseline)!].sort((a, b) => a - b);
  console.log(
    `\n${count} records; ${iterations} rounds after warm-up; ${os.cpus().length} cores; Node ${process.version}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
  );
  console.log(
    `First search (builds the visibility bitmap): ${coldMs.toFixed(1)} ms. Service: search.suggest(q, { today, limit: 8 }).`,
  );
  const width = Math.max(...[...timings.keys()].map((k) => k.length));
  console.log(
    `${"query".padEnd(width)} ${"queries".padStart(7)} ${"median hits".padStart(11)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"max ms".padStart(8)} ${"p95/base p95".padStart(12)}`,
  );
  for (const [kind, list] of timings) {
    const sorted = [...list].sort((a, b) => a - b);
    const h = [...(hits.get(kind) ?? [])].sort((a, b) => a - b);
    const queries = kinds.find(([k]) => k === kind)?.[1].length ?? ids.length;
    console.log(
      `${kind.padEnd(width)} ${String(queries).padStart(7)} ${(h.length ? String(h[h.length >> 1]) : "-").padStart(11)} ` +
        `${pct(sorted, 50).toFixed(3).padStart(8)} ${pct(sorted, 95).toFixed(3).padStart(8)} ${pct(sorted, 99).toFixed(3).padStart(8)} ` +
        `${sorted[sorted.length - 1]!.toFixed(3).padStart(8)} ${(pct(sorted, 95) / pct(base, 95)).toFixed(0).padStart(12)}`,
    );
  }
  console.log("Target: p95 ≤ 5 ms per search.");
} finally {
  db.$client.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
