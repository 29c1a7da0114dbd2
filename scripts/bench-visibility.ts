// Cost of the publishing half of the hiding rule on a large catalogue:
//   npx tsx scripts/bench-visibility.ts [-- --records 100000]
// Seeds a temporary database, then times the main listing and count queries with the rule as it was
// (content and stock only) and as it is (published and not scheduled too), and prints their query plans.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { growCatalogue, seedIfEmpty } from "../db/seed/run";
import { cliArgs } from "./args";

const args = cliArgs({ records: { type: "string" } });
const total = Number(args.records ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-visibility-"));
const today = "2026-11-22";

async function main() {
  const db = openDatabase(path.join(dir, "bench.db"));
  runMigrations(db);
  seedIfEmpty(db, { seed: 42, today });
  growCatalogue(db, { seed: 42, total, today });
  // A few records held back, as a shop would have.
  db.$client.exec(
    "update records set published = 0 where id % 5000 = 1; update records set publish_at = '2099-01-01T09:00:00.000Z' where id % 5000 = 2",
  );
  db.$client.exec("analyze");
  const c = db.$client;
  const published = "(+r.published = 1 and (+r.publish_at is null or +r.publish_at <= shop_now()))";
  const listedOld = "(r.hidden_by_content = 0 and r.stock_quantity > 0)";
  const queries: Record<string, [string, string]> = {
    "count of visible records (listed half)": [
      `select count(*) from records r where ${listedOld} and (r.release_date is null or r.release_date <= @today)`,
      `select count(*) from records r where ${listedOld} and ${published} and (r.release_date is null or r.release_date <= @today)`,
    ],
    "count of visible records (pre-order half)": [
      "select count(*) from records r where r.release_date > @today",
      `select count(*) from records r where r.release_date > @today and ${published}`,
    ],
    "first page, newest updated": [
      `select r.id from records r where (r.release_date > @today or ${listedOld}) order by r.updated_at desc, r.id desc limit 24`,
      `select r.id from records r where ${published} and (r.release_date > @today or ${listedOld}) order by r.updated_at desc, r.id desc limit 24`,
    ],
    "genre counts": [
      `select genre, count(*) from records r where (+r.release_date > @today or (+r.hidden_by_content = 0 and +r.stock_quantity > 0)) and genre is not null group by +genre`,
      `select genre, count(*) from records r where ${published} and (+r.release_date > @today or (+r.hidden_by_content = 0 and +r.stock_quantity > 0)) and genre is not null group by +genre`,
    ],
    "held records (search bitmap)": ["select 1", `select id from records r where not ${published}`],
    "next scheduled instant (read cache)": [
      "select 1",
      "select min(t) from (select min(publish_at) as t from records where publish_at > @now union all select min(published_at) from blog_posts where published_at > @now)",
    ],
  };
  const time = (sql: string) => {
    const s = c.prepare(sql);
    const params = sql.includes("@now") ? { now: new Date().toISOString() } : sql.includes("@today") ? { today } : {};
    for (let i = 0; i < 3; i++) s.all(params);
    const runs = 20;
    const started = performance.now();
    for (let i = 0; i < runs; i++) s.all(params);
    return (performance.now() - started) / runs;
  };
  console.log(`${total.toLocaleString("en-GB")} records`);
  for (const [name, [before, after]] of Object.entries(queries)) {
    const plan = (
      c
        .prepare(`explain query plan ${after}`)
        .all(after.includes("@now") ? { now: "x" } : after.includes("@today") ? { today } : {}) as { detail: string }[]
    )
      .map((p) => p.detail)
      .join("; ");
    console.log(`${name}: before ${time(before).toFixed(2)} ms, after ${time(after).toFixed(2)} ms\n   plan: ${plan}`);
  }
  c.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
