// Memory soak: the built server in this process, on a seeded temporary database, renders pages and loader data
// and answers form posts (as a visitor, with a cart, signed in) and prints the heap left after a full garbage
// collection and the RSS at the start and every --every requests. Nothing a request creates may outlive it, so the
// heap must stay flat. Needs --expose-gc:
//   npm run bench:soak [-- --requests 20000 --every 5000]
// With --max-growth-mb N it exits 1 when the heap after GC grew more than N MB (the browser-test run uses it).
import { cliArgs } from "./args";
import { startBuiltServerInProcess } from "./bench-support";

const args = cliArgs({
  requests: { type: "string" },
  every: { type: "string" },
  concurrency: { type: "string" },
  "max-growth-mb": { type: "string" },
  json: { type: "boolean" },
});
const total = Number(args.requests ?? 20_000);
const every = Number(args.every ?? 5_000);
const concurrency = Number(args.concurrency ?? 8);
const maxGrowthMb = args["max-growth-mb"] === undefined ? null : Number(args["max-growth-mb"]);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error("Run with node --expose-gc (npm run bench:soak does).");
  process.exit(2);
}

// tsx turns source maps on for this script; the server runs without them in production. With them on, the first
// error stack formatted in a request (Node's web streams make one for the first loader-data answer) would keep
// the maps of every file on it: some 85 MB, once, that no shopper's server ever holds.
process.setSourceMapsEnabled(false);
const { base, stop } = await startBuiltServerInProcess("soak");

async function post(pathname: string, body: Record<string, string>, cookie = ""): Promise<Response> {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(body),
  });
}
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

// A customer who is signed in, and the first record on sale.
const registered = await fetch(`${base}/api/register`, {
  method: "POST",
  headers: { origin: base, "content-type": "application/json" },
  body: JSON.stringify({ username: "soak-customer", email: "soak@example.com", password: "soak-password-1" }),
});
const session = cookiesOf(registered);
const [record] = (await (await fetch(`${base}/api/tracks?limit=1`)).json()) as { id: number }[];
const recordPage = new URL((await fetch(`${base}/track/${record!.id}`)).url).pathname;
const cart = cookiesOf(await post("/cart", { intent: "add", recordId: String(record!.id) }));

// Scripts' reads: a page of the catalogue at a new address each time (no cache can answer), and a customer's orders.
const pageInput = encodeURIComponent(JSON.stringify({ page: 1, limit: 24 }));
let apiCalls = 0;

// One round of what shoppers do; request n does step n % steps.length.
const steps: (() => Promise<Response>)[] = [
  () => fetch(`${base}/auth`),
  () => fetch(`${base}/`),
  () => fetch(`${base}${recordPage}`),
  () => fetch(`${base}/browse?q=blue`),
  () => post("/cart", { intent: "increment", recordId: String(record!.id) }, cart),
  () => fetch(`${base}/cart`, { headers: { cookie: cart } }),
  () => fetch(`${base}/profile`, { headers: { cookie: session } }),
  () => post("/cart", { intent: "decrement", recordId: String(record!.id) }, session),
  () => fetch(`${base}/trpc/catalogue.list?input=${pageInput}&call=${apiCalls++}`),
  () => fetch(`${base}/trpc/orders.mine`, { headers: { cookie: session } }),
  // A signed-in shopper with a cart following a link: the next page's loader data, encoded for the browser.
  () => fetch(`${base}${recordPage}.data`, { headers: { cookie: `${session}; ${cart}` } }),
];

function memory(requests: number) {
  gc!();
  gc!();
  const { heapUsed, rss } = process.memoryUsage();
  return { requests, heapMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 };
}

let sent = 0;
let failed = 0;
async function worker(until: number) {
  while (sent < until) {
    const n = sent++;
    const res = await steps[n % steps.length]!();
    await res.arrayBuffer();
    if (res.status >= 400) failed++;
    if (n >= warmUp && (n + 1 - warmUp) % every === 0) samples.push(memory(n + 1 - warmUp));
  }
}
// A warm-up first: caches that fill once (prepared statements, compiled code, the read cache) are not a leak.
const warmUp = steps.length * 50;
const samples: ReturnType<typeof memory>[] = [];
await Promise.all(Array.from({ length: concurrency }, () => worker(warmUp)));
samples.push(memory(0));
await Promise.all(Array.from({ length: concurrency }, () => worker(warmUp + total)));
// Let requests that answered last finish their work before the final reading.
await new Promise((resolve) => setTimeout(resolve, 100));
const last = memory(total);
if (samples.at(-1)!.requests !== total) samples.push(last);

await stop();

const growth = last.heapMb - samples[0]!.heapMb;
if (args.json) {
  console.log(JSON.stringify({ samples, growthMb: growth, failed }));
} else {
  console.log(`\n${total} requests, ${concurrency} at a time; heap after a full GC and RSS; Node ${process.version}`);
  console.log(`${"requests".padStart(9)} ${"heap MB".padStart(9)} ${"rss MB".padStart(9)}`);
  for (const s of samples) {
    console.log(`${String(s.requests).padStart(9)} ${s.heapMb.toFixed(1).padStart(9)} ${s.rssMb.toFixed(1).padStart(9)}`);
  }
  console.log(`heap growth ${growth.toFixed(1)} MB; ${failed} answers of 400 or more`);
}
if (failed > 0) {
  console.error(`${failed} requests failed: the soak measures nothing useful until they pass.`);
  process.exit(1);
}
if (maxGrowthMb !== null && growth > maxGrowthMb) {
  console.error(
    `The heap after GC grew ${growth.toFixed(1)} MB (more than ${maxGrowthMb} MB): something a request creates outlives it.`,
  );
  process.exit(1);
}
