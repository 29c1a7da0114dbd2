// Benchmark: the production server on a seeded temporary database, next to a bare Node http server
// answering the same bytes as the record page, compressed as it is sent (the ceiling). The pages rendered for one
// shopper are measured with one server process, then again with two (WEB_CONCURRENCY=2) over the same database.
// Prints figures and, at the end, each speed goal (bench-goals.ts) with whether this run met it; asserts nothing.
// On Linux it also prints each server's CPU time per answer: what an answer costs, whatever the load generator takes.
//   npm run bench [-- --records 100000 --duration 10 --connections 50 --port 3400]
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { cliArgs } from "./args";
import { bareServer, bytesAsSent } from "./bench-ceiling";
import { judgeGoals, MIN_ANSWERS, printGoals, type GoalRow, type RowKind } from "./bench-goals";
import { BROWSER_ACCEPT_ENCODING, measure, type Target } from "./bench-load";
import { checkShoppers, makeShoppers, type Shoppers } from "./bench-shoppers";
import { benchEnvironment, median, printTable, seed, startServer, stop, waitFor } from "./bench-support";

const args = cliArgs({
  records: { type: "string" },
  duration: { type: "string" },
  connections: { type: "string" },
  port: { type: "string" },
});
const load = { duration: Number(args.duration ?? 10), connections: Number(args.connections ?? 50) };
const appPort = Number(args.port ?? 3400);
const barePort = appPort + 1;
const bareHomePort = appPort + 2;
const { dir, env: benchEnv, cleanup } = benchEnvironment("bench");
// The server is started twice: both starts must read the cookies made under the first.
const env = { ...benchEnv, COOKIE_SECRET: process.env.COOKIE_SECRET || randomBytes(32).toString("hex") };

// However the run ends (a server that never answers, a shopper it does not recognise), nothing it started is left.
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) child.kill();
  cleanup();
});

seed(env, args.records);

/** The shop with `processes` server processes over the seeded database, once it answers. */
async function startShop(processes: number) {
  const started = startServer({ ...env, WEB_CONCURRENCY: String(processes) }, appPort);
  children.push(started.child);
  await waitFor(`${started.base}/api/tracks?limit=1`);
  return started;
}
let { child: app, base: appBase } = await startShop(1);

const [first] = (await (await fetch(`${appBase}/api/tracks?limit=1`)).json()) as { id: number }[];
const recordResponse = await fetch(`${appBase}/track/${first!.id}`, { redirect: "follow" });
const recordUrl = new URL(recordResponse.url).pathname;

// Asked twice: the second answer is the visitor cache's copy, as a cache hit sends it.
await bytesAsSent(`${appBase}${recordUrl}`);
await bytesAsSent(`${appBase}/`);
const recordFile = path.join(dir, "record-page.br");
const homeFile = path.join(dir, "home-page.br");
fs.writeFileSync(recordFile, await bytesAsSent(`${appBase}${recordUrl}`));
fs.writeFileSync(homeFile, await bytesAsSent(`${appBase}/`));
// The ceiling: the record page's bytes; and the home page's, which are larger (what a cache hit of it can reach).
const bare = bareServer(recordFile, barePort);
const bareHome = bareServer(homeFile, bareHomePort);
children.push(bare, bareHome);
await waitFor(`http://127.0.0.1:${barePort}`);
await waitFor(`http://127.0.0.1:${bareHomePort}`);

// Shoppers with a cart, signed in, or both: their pages are rendered for them, never cached.
const shoppers = await makeShoppers(appBase, first!.id);
await checkShoppers(appBase, shoppers, recordUrl);

/** A page's name in the table, and its address. */
type Page = [label: string, pathname: string];
const pages: Page[] = [
  ["/", "/"],
  ["record page", recordUrl],
  ["/browse", "/browse"],
];
// Following a link, the browser asks for the next page's loader data at "<path>.data" (React Router's single
// fetch). Every matched loader runs on a navigation here, so no "?_routes=" is added: Chromium sends exactly these
// when a signed-in shopper picks a search suggestion (a record) or the header's Browse link.
const navigations: Page[] = [
  ["record page's .data", `${recordUrl}.data`],
  ["/browse.data", "/browse.data"],
];

interface Row {
  target: string;
  kind: RowKind;
  /** The request, the same at every process count. */
  request: string;
  spec: Target;
}

/** Everything rendered for one shopper, and a signed-in shopper's navigations, on the shop at `base`. */
function personalRows(base: string, pid: number | undefined, who: Shoppers, suffix: string): Row[] {
  const page = (name: string, [what, pathname]: Page, spec: Omit<Target, "url" | "pid">, kind: RowKind = "personal") => ({
    target: `${name}: ${what}${suffix}`,
    kind,
    request: `${name}: ${what}`,
    spec: { url: `${base}${pathname}`, pid, ...spec },
  });
  return [
    ...pages.map((p) => page("visitor, cache miss", p, { miss: true })),
    ...pages.map((p) => page("with a cart", p, { headers: { cookie: who.cart } })),
    ...pages.map((p) => page("signed in", p, { headers: { cookie: who.session } })),
    ...pages.map((p) => page("signed in, with a cart", p, { headers: { cookie: who.both } })),
    ...navigations.map((p) => page("signed in, with a cart, navigation", p, { headers: { cookie: who.both } }, "navigation")),
  ];
}

// The ceiling is measured three times, at the start, in the middle and at the end of the run: these machines'
// speed drifts within minutes, and every share below is taken against the middle value of the three.
const CEILING = "bare node http (record page bytes)";
const ceiling = (when: string): Row => ({
  target: `${CEILING}, ${when}`,
  kind: "ceiling",
  request: CEILING,
  spec: { url: `http://127.0.0.1:${barePort}/`, pid: bare.pid },
});
const trpcInput = encodeURIComponent(JSON.stringify({ page: 1, limit: 24 }));
const api = (name: string, pathname: string, miss: boolean): Row => ({
  target: `GET ${name}, cache ${miss ? "miss" : "hit"}`,
  kind: "other",
  request: name,
  spec: { url: `${appBase}${pathname}`, pid: app.pid, miss },
});

const onOneProcess: Row[] = [
  ceiling("start"),
  {
    target: "bare node http (home page bytes)",
    kind: "other",
    request: "bare home",
    spec: { url: `http://127.0.0.1:${bareHomePort}/`, pid: bareHome.pid },
  },
  ...pages.map(([what, pathname]): Row => ({
    target: `visitor, cache hit: ${what}`,
    kind: "visitor hit",
    request: `visitor, cache hit: ${what}`,
    spec: { url: `${appBase}${pathname}`, pid: app.pid },
  })),
  ...personalRows(appBase, app.pid, shoppers, ""),
  ceiling("middle"),
  api("/api/tracks?page=1&limit=24", "/api/tracks?page=1&limit=24", false),
  api("/trpc/catalogue.list (24)", `/trpc/catalogue.list?input=${trpcInput}`, false),
  api("/api/tracks?page=1&limit=24", "/api/tracks?page=1&limit=24", true),
  api("/trpc/catalogue.list (24)", `/trpc/catalogue.list?input=${trpcInput}`, true),
];

const rows: GoalRow[] = [];
async function run(list: Row[], processes: number) {
  for (const { target, kind, request, spec } of list) {
    process.stdout.write(`measuring ${target}…\n`);
    rows.push({ target, kind, request, processes, ...(await measure(spec, load)) });
  }
}
try {
  await run(onOneProcess, 1);
  await stop(app);
  ({ child: app, base: appBase } = await startShop(2));
  await checkShoppers(appBase, shoppers, recordUrl);
  await run(personalRows(appBase, app.pid, shoppers, ", 2 processes"), 2);
  await run([ceiling("end")], 1);
} finally {
  await stop(app);
  await stop(bare);
  await stop(bareHome);
}

const tooFew = (r: GoalRow) => r.answers !== undefined && r.answers < MIN_ANSWERS;
for (const r of rows.filter(tooFew)) r.note = `only ${r.answers} answers: run longer`;
for (const two of rows.filter((r) => r.processes === 2 && !tooFew(r))) {
  const one = rows.find((r) => r.processes === 1 && r.request === two.request);
  if (one && !tooFew(one)) two.note = `${(two.rps / one.rps).toFixed(2)} × 1 process`;
}
const ceilings = rows.filter((r) => r.kind === "ceiling").map((r) => r.rps);
const baseline = median(ceilings);
console.log(`\nThe record page: ${recordUrl}`);
printTable(
  rows,
  `${load.connections} connections, ${load.duration} s each after a 2 s warm-up, sending Accept-Encoding "${BROWSER_ACCEPT_ENCODING}"; 1 server process unless a row says 2; ratios against the bare server's middle value of ${ceilings.map((c) => c.toFixed(0)).join(", ")} req/s (${baseline.toFixed(0)})`,
  "req/s",
  baseline,
);
printGoals(judgeGoals(rows, baseline));
