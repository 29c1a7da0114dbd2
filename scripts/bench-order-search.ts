// Benchmark: the back-office orders list's one search box on a big orders table. Prints figures; asserts nothing.
//   npx tsx scripts/bench-order-search.ts --db <a database with many orders> [--iterations 20]
// Works on a copy of --db (e.g. the one `npm run bench:analysis -- --orders 200000 --keep` leaves), migrated and given
// varied postcodes, then times one list page (its count and its 25 rows) per search, warm: median and worst.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { orderListQuerySchema } from "../app/domain/orders/order-admin";
import { createAdminOrdersService } from "../server/services/admin-orders";
import { cliArgs } from "./args";

const args = cliArgs({ db: { type: "string" }, iterations: { type: "string" } });
if (!args.db || !fs.existsSync(args.db)) {
  console.error("--db must name a database file");
  process.exit(1);
}
const iterations = Number(args.iterations ?? 20);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-order-search-"));
const file = path.join(dir, "orders.db");
fs.copyFileSync(args.db, file);
const db = openDatabase(file);
runMigrations(db);
// Postcodes as customers type them: a district and a sector each, some in lower case or without the space.
const areas = ["SW1A", "LS1", "M1", "EH1", "CF10", "G1", "B1", "BS1", "NE1", "L1"];
db.$client.transaction(() => {
  const update = db.$client.prepare("update orders set postal_code = ? where id = ?");
  for (const { id } of db.$client.prepare("select id from orders").all() as { id: number }[]) {
    const code = `${areas[id % areas.length]} ${id % 9}${"ABDEFGHJL"[id % 7]}${"NPQRSTUWX"[id % 9]}`;
    update.run(id % 5 === 0 ? code.toLowerCase().replace(" ", "") : code, id);
  }
})();
const orders = db.$client.prepare("select count(*) from orders").pluck().get() as number;
const lines = db.$client.prepare("select count(*) from order_lines").pluck().get() as number;
const recordsCount = db.$client.prepare("select count(*) from records").pluck().get() as number;
const sample = db.$client
  .prepare("select order_number, email, postal_code from orders order by id desc limit 1 offset 1000")
  .get() as { order_number: string; email: string; postal_code: string };
const typed = sample.postal_code.toLowerCase().replace(/\s+/g, "");
const record = db.$client.prepare("select title, catalog_number from records where catalog_number is not null limit 1").get() as {
  title: string;
  catalog_number: string;
};
// The list service reads only the database.
const service = createAdminOrdersService(db, {} as Parameters<typeof createAdminOrdersService>[1]);

const searches: [string, Record<string, string>][] = [
  ["no search", {}],
  ["order number", { q: sample.order_number }],
  ["e-mail", { q: sample.email }],
  ["postcode, as stored", { q: sample.postal_code }],
  ["postcode, lower, no space", { q: typed }],
  ["postcode district", { q: typed.slice(0, 3) }],
  ["record title", { q: record.title }],
  ["catalogue number", { q: record.catalog_number }],
  ["nothing matches", { q: "zzzz-nothing" }],
  ["postcode + status paid", { q: sample.postal_code, status: "paid" }],
  ["one letter (many names)", { q: "e" }],
];
console.log(`${orders.toLocaleString("en-GB")} orders, ${lines.toLocaleString("en-GB")} lines, ${recordsCount} records`);
console.log("search                      matched    median ms   worst ms");
for (const [name, params] of searches) {
  const query = orderListQuerySchema.parse(params);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < iterations + 2; i++) {
    const started = performance.now();
    total = service.list(query).total;
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${name.padEnd(26)} ${String(total).padStart(8)} ${median.toFixed(1).padStart(12)} ${times.at(-1)!.toFixed(1).padStart(10)}`,
  );
}
db.$client.close();
fs.rmSync(dir, { recursive: true, force: true });
