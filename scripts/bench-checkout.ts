// Benchmark: checkout throughput through HTTP on the built production server (seeded temporary database,
// offline test-card payments, the per-address limits lifted: every request comes from one address). Orders per
// second are counted in the database (paid orders made during the run), next to a cheap read through the same
// stack as the baseline. Each target is tried once first and must succeed; a run in which fewer than 99% of the
// order requests made a paid order fails, with the reason, rather than print figures of refusals.
//   npm run bench:checkout [-- --duration 10 --connections 20]
import Database from "better-sqlite3";
import autocannon from "autocannon";
import { cliArgs } from "./args";
import { BenchFailure, benchEnvironment, printTable, seed, startServer, stop, waitFor, type BenchRow } from "./bench-support";

const args = cliArgs({ duration: { type: "string" }, connections: { type: "string" } });
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 20);
const { env, cleanup } = benchEnvironment("bench-checkout");
const port = 3410;

seed(env);
// Plenty of copies of a few ordinary records, so the run measures checkout and not running out of stock.
const db = new Database(env.DATABASE_PATH!);
const stocked = db
  .prepare(
    "select id from records where hidden_by_content = 0 and release_date <= date('now') and stock_quantity > 0 order by id limit 4",
  )
  .all() as { id: number }[];
db.prepare(`update records set stock_quantity = 100000000 where id in (${stocked.map((r) => r.id).join(",")})`).run();
const paidOrders = () => (db.prepare("select count(*) as n from orders where status = 'paid'").get() as { n: number }).n;

const { child, base } = startServer(env, port);
await waitFor(`${base}/api/tracks?limit=1`);

let sequence = 0;
const key = () => `bench-${process.pid}-${++sequence}-${Math.random().toString(36).slice(2, 10)}`;
const lines = [
  { recordId: stocked[0]!.id, quantity: 1 },
  { recordId: stocked[1]!.id, quantity: 2 },
];
const address = {
  email: "bench@example.com",
  name: "Bench Shopper",
  addressLine1: "1 Load Lane",
  city: "Leeds",
  postalCode: "LS1 4DY",
};
const card = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" };
const cartCookie = `needledrop-cart=${lines.map((l) => `${l.recordId}x${l.quantity}`).join(".")}`;
// The total the checkout page shows beside the form: the form binds it (and an API client may), as a shopper's does.
const priced = await fetch(`${base}/api/cart/price`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: base },
  body: JSON.stringify({ lines }),
});
if (!priced.ok) throw new BenchFailure(`pricing the cart answered ${priced.status}: ${await priced.text()}`);
const expectedTotalPence = ((await priced.json()) as { totals: { totalPence: number } }).totals.totalPence;

type Setup = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
  /** The answer a success is: 200, 201 for an API order, 303 for the form's redirect to the confirmation. */
  succeeds: number;
};
const targets: { target: string; setup: Setup; countsOrders: boolean }[] = [
  {
    target: `GET /api/tracks/${lines[0]!.recordId} (baseline read)`,
    setup: { method: "GET", path: `/api/tracks/${lines[0]!.recordId}`, succeeds: 200 },
    countsOrders: false,
  },
  {
    target: "POST /api/cart/price (2 lines)",
    setup: {
      method: "POST",
      path: "/api/cart/price",
      headers: { "content-type": "application/json" },
      body: () => JSON.stringify({ lines }),
      succeeds: 200,
    },
    countsOrders: false,
  },
  {
    target: "POST /api/orders (place + pay), orders/s",
    setup: {
      method: "POST",
      path: "/api/orders",
      headers: { "content-type": "application/json" },
      body: () => JSON.stringify({ ...address, idempotencyKey: key(), expectedTotalPence, lines, card }),
      succeeds: 201,
    },
    countsOrders: true,
  },
  {
    target: "POST /checkout (the page's form), orders/s",
    setup: {
      method: "POST",
      path: "/checkout",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cartCookie },
      body: () =>
        new URLSearchParams({
          ...address,
          idempotencyKey: key(),
          expectedTotalPence: String(expectedTotalPence),
          ...card,
        }).toString(),
      succeeds: 303,
    },
    countsOrders: true,
  },
];

/** One request first: a target that does not succeed once is not timed (its figures would be of refusals). */
async function probe(setup: Setup): Promise<void> {
  const res = await fetch(`${base}${setup.path}`, {
    method: setup.method,
    headers: { origin: base, accept: "application/json", ...setup.headers },
    body: setup.body?.(),
    redirect: "manual",
  });
  if (res.status !== setup.succeeds) {
    const why = (await res.text()).replace(/\s+/g, " ").slice(0, 300);
    throw new BenchFailure(`${setup.method} ${setup.path} answered ${res.status}, not ${setup.succeeds}: ${why}`);
  }
}

async function measure({ setup, countsOrders }: (typeof targets)[number]): Promise<Omit<BenchRow, "target">> {
  await probe(setup);
  const options = (seconds: number) => ({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: setup.method,
        path: setup.path,
        headers: { origin: base, accept: "application/json", ...setup.headers },
        setupRequest: (req: autocannon.Request) => (setup.body ? { ...req, body: setup.body() } : req),
      },
    ],
  });
  await autocannon(options(2)); // warm-up
  const before = paidOrders();
  const r = await autocannon(options(duration));
  const orders = paidOrders() - before;
  const rps = countsOrders ? orders / duration : r.requests.average;
  if (!countsOrders && r.non2xx) throw new BenchFailure(`${setup.path}: ${r.non2xx} non-2xx answers`);
  if (countsOrders && orders < r.requests.total * 0.99) {
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([code, { count }]) => `${count ?? 0} × ${code}`)
      .join(", ");
    throw new BenchFailure(`${setup.path}: ${r.requests.total} requests (${codes}) made only ${orders} paid orders`);
  }
  return {
    rps,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    answers: countsOrders ? orders : r.requests.total,
  };
}

const rows: BenchRow[] = [];
try {
  for (const t of targets) {
    process.stdout.write(`measuring ${t.target}…\n`);
    rows.push({ target: t.target, ...(await measure(t)) });
  }
} finally {
  await stop(child);
  db.close();
  cleanup();
}
printTable(
  rows,
  `${connections} connections, ${duration} s each after a 2 s warm-up; orders counted in the database; ratios against the baseline read`,
  "per s",
);
