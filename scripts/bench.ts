// Benchmark: the production server on a seeded temporary database, next to a bare Node http server
// answering the same bytes as the record page (the ceiling). Prints figures; asserts nothing.
//   npm run bench [-- --records 100000 --duration 10 --connections 50]
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { cliArgs } from "./args";
import { benchEnvironment, printTable, seed, startServer, stop, waitFor, type BenchRow } from "./bench-support";

const args = cliArgs({
  records: { type: "string" },
  duration: { type: "string" },
  connections: { type: "string" },
});
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 50);
const { dir, env, cleanup } = benchEnvironment("bench");
const appPort = 3400;
const barePort = 3401;

interface Target {
  url: string;
  headers?: Record<string, string>;
  /** Each request asks for its own address (an unknown query parameter): the visitor cache never has it. */
  miss?: boolean;
}

async function measure({ url, headers = {}, miss = false }: Target) {
  let n = 0;
  const { pathname, search } = new URL(url);
  const requests = miss
    ? [
        {
          setupRequest: (req: autocannon.Request): autocannon.Request => ({
            ...req,
            path: `${pathname}${search ? `${search}&` : "?"}miss=${n++}`,
          }),
        },
      ]
    : undefined;
  const options = { url, connections, headers: { "accept-encoding": "gzip, br", ...headers }, requests };
  await autocannon({ ...options, duration: 2 }); // warm-up
  const r = await autocannon({ ...options, duration });
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  // Errors are connection failures or time-outs (10 s): reported, not fatal, on a busy machine.
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts };
}

seed(env, args.records);

const { child: app, base: appBase } = startServer(env, appPort);
await waitFor(`${appBase}/api/tracks?limit=1`);

const [first] = (await (await fetch(`${appBase}/api/tracks?limit=1`)).json()) as { id: number }[];
const recordPage = `/track/${first!.id}`;
const recordResponse = await fetch(`${appBase}${recordPage}`, { redirect: "follow" });
const recordUrl = new URL(recordResponse.url).pathname;
const bytesFile = path.join(dir, "record-page.html");
fs.writeFileSync(bytesFile, Buffer.from(await recordResponse.arrayBuffer()));

// The ceiling: a bare http server in its own process, answering the record page's bytes.
const bare = spawn(
  process.execPath,
  [
    "-e",
    `const b=require("fs").readFileSync(${JSON.stringify(bytesFile)});require("http").createServer((q,s)=>{s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-length":b.length});s.end(b)}).listen(${barePort},"127.0.0.1")`,
  ],
  { stdio: "ignore" },
);
const bareBase = `http://127.0.0.1:${barePort}`;
await waitFor(bareBase);

// A shopper with a cart, and one signed in: their pages are rendered for them, never cached.
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
const cart = cookiesOf(
  await fetch(`${appBase}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: appBase, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", recordId: String(first!.id) }),
  }),
);
const session = cookiesOf(
  await fetch(`${appBase}/api/register`, {
    method: "POST",
    headers: { origin: appBase, "content-type": "application/json" },
    body: JSON.stringify({ username: "bench-customer", email: "bench@example.com", password: "bench-password-1" }),
  }),
);
if (!cart || !session) throw new Error("could not make the cart and session cookies");

const pages: [string, string][] = [
  ["/", `${appBase}/`],
  [recordUrl, `${appBase}${recordUrl}`],
  ["/browse", `${appBase}/browse`],
];
const trpcInput = encodeURIComponent(JSON.stringify({ page: 1, limit: 24 }));
const targets: [string, Target][] = [
  ["bare node http (record page bytes)", { url: `${bareBase}/` }],
  ...pages.map(([name, url]): [string, Target] => [`visitor, cache hit: ${name}`, { url }]),
  ...pages.map(([name, url]): [string, Target] => [`visitor, cache miss: ${name}`, { url, miss: true }]),
  ...pages.map(([name, url]): [string, Target] => [`with a cart: ${name}`, { url, headers: { cookie: cart } }]),
  ...pages.map(([name, url]): [string, Target] => [`signed in: ${name}`, { url, headers: { cookie: session } }]),
  ["GET /api/tracks?page=1&limit=24, cache hit", { url: `${appBase}/api/tracks?page=1&limit=24` }],
  ["GET /trpc/catalogue.list (24), cache hit", { url: `${appBase}/trpc/catalogue.list?input=${trpcInput}` }],
  ["GET /api/tracks?page=1&limit=24, cache miss", { url: `${appBase}/api/tracks?page=1&limit=24`, miss: true }],
  ["GET /trpc/catalogue.list (24), cache miss", { url: `${appBase}/trpc/catalogue.list?input=${trpcInput}`, miss: true }],
];

const rows: BenchRow[] = [];
try {
  for (const [target, spec] of targets) {
    process.stdout.write(`measuring ${target}…\n`);
    rows.push({ target, ...(await measure(spec)) });
  }
} finally {
  await stop(app);
  await stop(bare);
  cleanup();
}

printTable(rows, `${connections} connections, ${duration} s each after a 2 s warm-up; ratios against the bare server`);
