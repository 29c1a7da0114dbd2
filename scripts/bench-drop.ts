// Benchmark: a drop under load, through HTTP on the built production server (seeded temporary database, offline
// test-card payments). 5,000 shoppers (browser sessions, each from its own network: TRUST_PROXY=loopback and
// X-Forwarded-For) join the waiting room of a drop of 300 copies, limit 1, before its on-sale time; the on-sale time
// is then moved into the past in the database (rather than waited for); the sessions refresh, those let in take
// their copy and pay with the test card through POST /api/orders, and about one in ten lets its hold run out (its
// end moved into the past), until every copy is sold. It fails unless nobody got more than the limit, no copy was
// sold twice, and every copy was sold or given back. Prints p50/p99 of the waiting page and the checkout steps, and
// of a record page and /browse during the drop beside a quiet baseline measured first.
//   npm run bench:drop [-- --sessions 5000 --copies 300]
import Database from "better-sqlite3";
import { cliArgs } from "./args";
import { BenchFailure, benchEnvironment, seed, startServer, stop, waitFor } from "./bench-support";

const args = cliArgs({ sessions: { type: "string" }, copies: { type: "string" } });
const SESSIONS = Number(args.sessions ?? 5000);
const COPIES = Number(args.copies ?? 300);
const CONCURRENCY = 32;
/** One in this many shoppers let in does not pay, and its hold ends. */
const LAPSE_EVERY = 10;
const { env, cleanup } = benchEnvironment("bench-drop");
const port = 3420;

seed(env);
const db = new Database(env.DATABASE_PATH!);
db.pragma("busy_timeout = 10000");
const [dropRow, other] = db
  .prepare(
    "select id from records where hidden_by_content = 0 and release_date <= date('now') and condition = 'new' order by id limit 2",
  )
  .all() as { id: number }[];
const dropId = dropRow!.id;
const inAWhile = new Date(Date.now() + 20 * 60_000).toISOString();
db.prepare("update records set is_drop = 1, on_sale_at = ?, stock_quantity = ?, limit_per_customer = 1 where id = ?").run(
  inAWhile,
  COPIES,
  dropId,
);

const { child, base } = startServer({ ...env, TRUST_PROXY: "loopback" }, port);

interface Shopper {
  ip: string;
  cookie: string;
  state: "waiting" | "done";
}
const timings = new Map<string, number[]>();
function note(what: string, ms: number) {
  if (!timings.has(what)) timings.set(what, []);
  timings.get(what)!.push(ms);
}
async function timed(what: string, url: string, init: RequestInit = {}): Promise<Response> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { redirect: "manual", ...init });
  const body = await res.text();
  note(what, performance.now() - started);
  return Object.assign(res, { bodyText: body });
}
const bodyOf = (res: Response) => (res as Response & { bodyText: string }).bodyText;

/** Runs the tasks CONCURRENCY at a time. */
async function pool<T>(items: readonly T[], task: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i]!, i);
      }
    }),
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

try {
  await waitFor(`${base}/api/tracks?limit=1`);
  const recordPage = (await fetch(`${base}/track/${other!.id}`, { redirect: "manual" })).headers.get("location")!;
  const recordPath = new URL(recordPage, base).pathname;

  // A quiet baseline: the shop's pages with nobody in the queue.
  const quiet = Array.from({ length: 300 }, (_, i) => i);
  await pool(
    quiet,
    async (i) => void (await timed(i % 2 ? "quiet: record page" : "quiet: /browse", i % 2 ? recordPath : "/browse")),
  );

  // Meanwhile the drop: pages asked for alongside the queue at a steady trickle.
  let dropOver = false;
  const alongside = (async () => {
    for (let i = 0; !dropOver; i++) {
      await Promise.all([timed("during: record page", recordPath), timed("during: /browse", "/browse")]);
    }
  })();

  const shoppers: Shopper[] = Array.from({ length: SESSIONS }, (_, i) => ({
    ip: `10.${Math.floor(i / 250) + 1}.${(i % 250) + 1}.9`,
    cookie: "",
    state: "waiting",
  }));
  const joinStarted = performance.now();
  await pool(shoppers, async (s) => {
    const res = await timed("waiting page", `/drops/${dropId}`, { headers: { "x-forwarded-for": s.ip } });
    if (res.status !== 200) throw new BenchFailure(`joining answered ${res.status}: ${bodyOf(res).slice(0, 200)}`);
    s.cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  });
  console.log(`${SESSIONS} sessions joined in ${((performance.now() - joinStarted) / 1000).toFixed(1)} s.`);

  // The on-sale time arrives.
  db.prepare("update records set on_sale_at = ? where id = ?").run(new Date(Date.now() - 1000).toISOString(), dropId);

  let n = 0;
  let lapsed = 0;
  let rounds = 0;
  const stockLeft = () => (db.prepare("select stock_quantity as n from records where id = ?").get(dropId) as { n: number }).n;
  const holding = () =>
    (
      db.prepare("select count(*) as n from drop_entries where record_id = ? and status = 'admitted'").get(dropId) as {
        n: number;
      }
    ).n;
  while ((stockLeft() > 0 || holding() > 0) && rounds < 50) {
    rounds += 1;
    const lapsing: string[] = [];
    await pool(
      shoppers.filter((s) => s.state === "waiting"),
      async (s) => {
        const headers = { "x-forwarded-for": s.ip, cookie: s.cookie };
        const page = await timed("waiting page", `/drops/${dropId}`, { headers });
        const text = bodyOf(page);
        if (text.includes("Your hold has ended") || text.includes("Sold out")) s.state = "done";
        if (!text.includes("It&#x27;s your turn")) return;
        const me = ++n;
        if (me % LAPSE_EVERY === 0) {
          lapsing.push(s.cookie);
          s.state = "done";
          return;
        }
        const take = await timed("checkout: take the held copy", `/drops/${dropId}`, {
          method: "POST",
          headers: { ...headers, origin: base },
        });
        if (take.status !== 303 || take.headers.get("location") !== "/checkout") {
          throw new BenchFailure(`taking a held copy answered ${take.status} ${take.headers.get("location")}`);
        }
        const order = await timed("checkout: place and pay (POST /api/orders)", "/api/orders", {
          method: "POST",
          headers: { ...headers, origin: base, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            idempotencyKey: `bench-drop-${me}-${Math.random().toString(36).slice(2, 10)}`,
            email: `drop${me}@example.com`,
            name: "Drop Shopper",
            addressLine1: `${me} Queue Street`,
            city: "Leeds",
            postalCode: "LS1 4DY",
            lines: [{ recordId: dropId, quantity: 1 }],
            card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" },
          }),
        });
        if (order.status !== 201)
          throw new BenchFailure(`placing a held copy answered ${order.status}: ${bodyOf(order).slice(0, 300)}`);
        s.state = "done";
      },
    );
    // Those who let their hold go: its end is moved into the past, and the next page view gives the copy on.
    lapsed += lapsing.length;
    db.prepare(
      "update drop_entries set hold_expires_at = ? where record_id = ? and status = 'admitted' and hold_expires_at > ? and order_id is null",
    ).run(new Date(Date.now() - 1000).toISOString(), dropId, new Date().toISOString());
  }
  dropOver = true;
  await alongside;

  // The checks: zero oversell, nobody over the limit, every copy sold or released.
  const sold = (
    db
      .prepare(
        "select coalesce(sum(l.quantity), 0) as n from order_lines l join orders o on o.id = l.order_id where l.record_id = ? and o.status = 'paid'",
      )
      .get(dropId) as { n: number }
  ).n;
  const overLimit = (
    db
      .prepare(
        `select count(*) as n from (select o.email, sum(l.quantity) as q from order_lines l join orders o on o.id = l.order_id
         where l.record_id = ? and o.status = 'paid' group by o.email having q > 1)`,
      )
      .get(dropId) as { n: number }
  ).n;
  const boughtTwice = (
    db
      .prepare(
        "select count(*) as n from (select session_key from drop_entries where record_id = ? and status = 'bought' group by session_key having count(*) > 1)",
      )
      .get(dropId) as { n: number }
  ).n;
  const counts = db.prepare("select status, count(*) as n from drop_entries where record_id = ? group by status").all(dropId);
  const left = stockLeft();
  console.log(`\nRounds of refreshes after the on-sale time: ${rounds}; holds let lapse: ${lapsed}.`);
  console.log(`Queue: ${JSON.stringify(counts)}; copies sold ${sold}, left ${left}, held ${holding()}.`);
  if (sold > COPIES) throw new BenchFailure(`oversold: ${sold} copies sold of ${COPIES}`);
  if (overLimit > 0) throw new BenchFailure(`${overLimit} shopper(s) (by e-mail) over the limit`);
  if (boughtTwice > 0) throw new BenchFailure(`${boughtTwice} browser(s) bought more than one place`);
  if (sold + left !== COPIES || holding() > 0)
    throw new BenchFailure(`copies unaccounted for: ${sold} sold + ${left} left ≠ ${COPIES}`);
  if (left > 0) throw new BenchFailure(`${left} copies never sold though shoppers were still waiting`);

  console.log("\nZero oversell, nobody over the limit, every copy sold or given back.\n");
  console.log(`${"what".padEnd(48)} ${"count".padStart(7)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  for (const [what, values] of timings) {
    console.log(
      `${what.padEnd(48)} ${String(values.length).padStart(7)} ${percentile(values, 50).toFixed(1).padStart(8)} ${percentile(values, 99).toFixed(1).padStart(8)}`,
    );
  }
} finally {
  db.close();
  await stop(child);
  cleanup();
}
