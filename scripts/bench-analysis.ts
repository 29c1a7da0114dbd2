// Benchmark: the business analysis page's queries on 100,000 orders (docs/decisions/0030-business-analysis.md).
// Prints figures; asserts nothing.
//   npm run bench:analysis [-- --orders 100000 --records 2000 --iterations 30 --keep]
// Seeds a temporary database: the catalogue grown to --records records, --orders orders spread over the last
// two years (one to three lines each, some refunded, cancelled or unpaid, some with discount codes), their stock
// movements and monthly deliveries, all in one transaction. Then times each figure of the page, warm, for each
// period preset: the median and the 99th percentile of --iterations runs, round-robin.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { seededRandom } from "../db/seed/random";
import { growCatalogue, seedIfEmpty } from "../db/seed/run";
import { addDays, todayInLondon } from "../app/domain/shared/dates";
import { analysisQuerySchema, resolveRange } from "../app/domain/admin/analysis/range";
import { createBusinessAnalysisService } from "../server/services/business-analysis";
import { cliArgs } from "./args";

const args = cliArgs({
  orders: { type: "string" },
  records: { type: "string" },
  iterations: { type: "string" },
  keep: { type: "boolean" },
});
const totalOrders = Number(args.orders ?? 100_000);
const totalRecords = Number(args.records ?? 2_000);
const iterations = Number(args.iterations ?? 30);
if (![totalOrders, totalRecords, iterations].every((v) => Number.isInteger(v) && v > 0)) {
  console.error("--orders, --records and --iterations must be positive whole numbers");
  process.exit(1);
}
const SEED = 20261126;
const today = todayInLondon();
const rand = seededRandom(SEED);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-analysis-"));
const db = openDatabase(path.join(dir, "bench.db"));
db.$client.pragma("synchronous = OFF"); // a throwaway file: no need to wait for the disk
let started = performance.now();
runMigrations(db);
seedIfEmpty(db, { seed: SEED, today });
growCatalogue(db, { seed: SEED, total: totalRecords, today });
const catalogue = db.$client.prepare("select id, price_pence as price from records").all() as { id: number; price: number }[];

// ----- orders, lines, movements -----
const sqlite = db.$client;
const insertCode = sqlite.prepare(
  "insert into discount_codes (code, percent_off, first_order_only, max_redemptions) values (?, ?, 0, 1000000)",
);
const insertOrder = sqlite.prepare(
  `insert into orders (order_number, email, status, shipping_name, address_line1, city, postal_code, items_pence,
     shipping_pence, discount_pence, total_pence, vat_pence, discount_code_id, idempotency_key, paid_at,
     refunded_pence, created_at, updated_at)
   values (?, ?, ?, 'Bench Buyer', '1 Record Row', 'London', 'SW1A 1AA', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
const insertLine = sqlite.prepare(
  `insert into order_lines (order_id, record_id, title, artist, unit_price_pence, quantity, line_total_pence,
     is_pre_order, refunded_quantity) values (?, ?, 'Bench', 'Bench', ?, ?, ?, 0, ?)`,
);
const insertMove = sqlite.prepare(
  "insert into stock_movements (record_id, change, reason, order_id, created_at) values (?, ?, ?, ?, ?)",
);
const spanMs = 730 * 86_400_000;
const end = Date.now();
sqlite.transaction(() => {
  const codes: number[] = [];
  for (let i = 0; i < 50; i++) codes.push(Number(insertCode.run(`BENCH${i}`, rand.pick([10, 15, 20])).lastInsertRowid));
  const start = new Date(end - spanMs).toISOString();
  for (const r of catalogue) insertMove.run(r.id, rand.int(5, 40), "seed", null, start);
  // Deliveries: a tenth of the catalogue restocked each month.
  for (let m = 0; m < 24; m++) {
    const at = new Date(end - spanMs + m * 30 * 86_400_000).toISOString();
    for (let k = 0; k < catalogue.length / 10; k++)
      insertMove.run(rand.pick(catalogue).id, rand.int(5, 25), "delivery", null, at);
  }
  // Orders in time order, so ids grow with paid_at as they do in the shop.
  const times = Array.from({ length: totalOrders }, () => end - Math.floor(rand.next() * spanMs)).sort((a, b) => a - b);
  times.forEach((t, i) => {
    const at = new Date(t).toISOString();
    const roll = rand.next();
    const status =
      roll < 0.03
        ? "pending_payment"
        : roll < 0.06
          ? "cancelled"
          : roll < 0.08
            ? "refunded"
            : roll < 0.11
              ? "partially_refunded"
              : roll < 0.2
                ? "paid"
                : "delivered";
    const lines = Array.from({ length: rand.int(1, 3) }, () => ({ r: rand.pick(catalogue), q: rand.chance(0.85) ? 1 : 2 }));
    const items = lines.reduce((s, l) => s + l.r.price * l.q, 0);
    const codeId = rand.chance(0.15) ? rand.pick(codes) : null;
    const discount = codeId ? Math.round(items / 10) : 0;
    const shipping = 400;
    const total = items + shipping - discount;
    const refunded = status === "refunded" ? total : status === "partially_refunded" ? Math.min(total, lines[0]!.r.price) : 0;
    const id = Number(
      insertOrder.run(
        `ND-BENCH-${i}`,
        `customer${rand.int(1, 40_000)}@example.com`,
        status,
        items,
        shipping,
        discount,
        total,
        Math.round(total / 6),
        codeId,
        `bench-${i}`,
        status === "pending_payment" ? null : at,
        refunded,
        at,
        at,
      ).lastInsertRowid,
    );
    lines.forEach((l, j) => {
      insertLine.run(id, l.r.id, l.r.price, l.q, l.r.price * l.q, status === "partially_refunded" && j === 0 ? 1 : 0);
      if (status !== "pending_payment") insertMove.run(l.r.id, -l.q, "sale", id, at);
    });
  });
})();
sqlite.pragma("optimize");
console.log(
  `Seeded ${catalogue.length} records and ${totalOrders} orders over two years in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

// ----- timing -----
const analysis = createBusinessAnalysisService(db);
const presets = [
  { name: "last 30 days by day", query: { preset: "30d", granularity: "day" } },
  { name: "last 90 days by week", query: { preset: "90d", granularity: "week" } },
  { name: "last 365 days by month", query: { preset: "custom", from: addDays(today, -364), to: today, granularity: "month" } },
];
const figures: Record<string, (r: ReturnType<typeof resolveRange>) => unknown> = {
  sales: (r) => analysis.sales(r),
  genre: (r) => analysis.genre(r),
  label: (r) => analysis.label(r),
  format: (r) => analysis.format(r),
  "top sellers": (r) => analysis.topSellers(r),
  "sell-through": (r) => analysis.sellThrough(r),
  "dead stock": () => analysis.deadStock(today),
  "pre-orders": () => analysis.preOrders(today),
  customers: (r) => analysis.customers(r),
  discounts: (r) => analysis.discounts(r),
  "whole page": (r) => analysis.all(r, today),
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
for (const preset of presets) {
  const range = resolveRange(analysisQuerySchema.parse(preset.query), today);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(figures).map((k) => [k, []]));
  for (let i = -3; i < iterations; i++) {
    for (const [name, run] of Object.entries(figures)) {
      started = performance.now();
      run(range);
      if (i >= 0) times[name]!.push(performance.now() - started);
    }
  }
  console.log(`\n${preset.name} (${range.current.from} to ${range.current.to}, ${range.current.buckets.length} buckets):`);
  console.log("  figure          median ms   p99 ms");
  for (const [name, t] of Object.entries(times)) {
    const sorted = [...t].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(14)} ${quantile(sorted, 0.5).toFixed(1).padStart(9)} ${quantile(sorted, 0.99).toFixed(1).padStart(8)}`,
    );
  }
}
db.$client.close();
if (args.keep) console.log(`\nKept ${path.join(dir, "bench.db")}.`);
else fs.rmSync(dir, { recursive: true, force: true });
