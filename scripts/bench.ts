// Benchmark: the production server on a seeded temporary database, next to a bare Node http server
// answering the same bytes as the record page, compressed as it is sent (the ceiling). Prints figures; asserts nothing.
// On Linux it also prints each server's CPU time per answer: what an answer costs, whatever the load generator takes.
//   npm run bench [-- --records 100000 --duration 10 --connections 50]
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { cliArgs } from "./args";
import {
  benchEnvironment,
  median,
  printTable,
  processCpuMs,
  seed,
  startServer,
  stop,
  waitFor,
  type BenchRow,
} from "./bench-support";

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
  /** The answering server's process, for its CPU time per answer: the shop unless said otherwise. */
  pid?: number;
}

async function measure({ url, headers = {}, miss = false, pid = app.pid }: Target) {
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
  const cpuBefore = processCpuMs(pid);
  const r = await autocannon({ ...options, duration });
  const cpuAfter = processCpuMs(pid);
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  const cpuMs =
    cpuBefore !== null && cpuAfter !== null && r.requests.total > 0 ? (cpuAfter - cpuBefore) / r.requests.total : null;
  // Errors are connection failures or time-outs (10 s): reported, not fatal, on a busy machine.
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, cpuMs };
}

seed(env, args.records);

const { child: app, base: appBase } = startServer(env, appPort);
await waitFor(`${appBase}/api/tracks?limit=1`);

const [first] = (await (await fetch(`${appBase}/api/tracks?limit=1`)).json()) as { id: number }[];
const recordPage = `/track/${first!.id}`;
const recordResponse = await fetch(`${appBase}${recordPage}`, { redirect: "follow" });
const recordUrl = new URL(recordResponse.url).pathname;

/**
 * A page's bytes exactly as the server sends them to a browser that takes brotli (fetch would unpack them): the
 * load generator reads a compressed body more slowly than plain HTML, so the ceiling sends what the pages send.
 */
function bytesAsSent(pathname: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${appBase}${pathname}`, { headers: { "accept-encoding": "br" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          res.headers["content-encoding"] === "br"
            ? resolve(Buffer.concat(chunks))
            : reject(new Error(`${pathname}: not brotli`)),
        );
      })
      .on("error", reject);
  });
}
// Asked twice: the second answer is the visitor cache's copy, as a cache hit sends it.
await bytesAsSent(recordUrl);
await bytesAsSent("/");
const recordFile = path.join(dir, "record-page.br");
const homeFile = path.join(dir, "home-page.br");
fs.writeFileSync(recordFile, await bytesAsSent(recordUrl));
fs.writeFileSync(homeFile, await bytesAsSent("/"));

/** A bare http server in its own process answering one file's bytes as brotli-compressed HTML. */
function bareServer(file: string, port: number) {
  const code = `const b=require("fs").readFileSync(${JSON.stringify(file)});require("http").createServer((q,s)=>{s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-encoding":"br","content-length":b.length});s.end(b)}).listen(${port},"127.0.0.1")`;
  return spawn(process.execPath, ["-e", code], { stdio: "ignore" });
}
// The ceiling: the record page's bytes; and the home page's, which are larger (what a cache hit of it can reach).
const bare = bareServer(recordFile, barePort);
const bareHome = bareServer(homeFile, barePort + 2);
const bareBase = `http://127.0.0.1:${barePort}`;
await waitFor(bareBase);
await waitFor(`http://127.0.0.1:${barePort + 2}`);

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
// The ceiling is measured three times, at the start, in the middle and at the end of the run: these machines'
// speed drifts within minutes, and every share below is taken against the middle value of the three.
const CEILING = "bare node http (record page bytes)";
const ceiling: Target = { url: `${bareBase}/`, pid: bare.pid };
const targets: [string, Target][] = [
  [`${CEILING}, start`, ceiling],
  ["bare node http (home page bytes)", { url: `http://127.0.0.1:${barePort + 2}/`, pid: bareHome.pid }],
  ...pages.map(([name, url]): [string, Target] => [`visitor, cache hit: ${name}`, { url }]),
  ...pages.map(([name, url]): [string, Target] => [`visitor, cache miss: ${name}`, { url, miss: true }]),
  ...pages.map(([name, url]): [string, Target] => [`with a cart: ${name}`, { url, headers: { cookie: cart } }]),
  [`${CEILING}, middle`, ceiling],
  ...pages.map(([name, url]): [string, Target] => [`signed in: ${name}`, { url, headers: { cookie: session } }]),
  ["GET /api/tracks?page=1&limit=24, cache hit", { url: `${appBase}/api/tracks?page=1&limit=24` }],
  ["GET /trpc/catalogue.list (24), cache hit", { url: `${appBase}/trpc/catalogue.list?input=${trpcInput}` }],
  ["GET /api/tracks?page=1&limit=24, cache miss", { url: `${appBase}/api/tracks?page=1&limit=24`, miss: true }],
  ["GET /trpc/catalogue.list (24), cache miss", { url: `${appBase}/trpc/catalogue.list?input=${trpcInput}`, miss: true }],
  [`${CEILING}, end`, ceiling],
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
  await stop(bareHome);
  cleanup();
}

const ceilings = rows.filter((r) => r.target.startsWith(CEILING)).map((r) => r.rps);
const baseline = median(ceilings);
printTable(
  rows,
  `${connections} connections, ${duration} s each after a 2 s warm-up; ratios against the bare server's middle value of ${ceilings.map((c) => c.toFixed(0)).join(", ")} req/s (${baseline.toFixed(0)})`,
  "req/s",
  baseline,
);
