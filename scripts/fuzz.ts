// HTTP fuzz: the built server in this process, on a seeded temporary database, gets a deterministic stream of
// malformed and hostile requests across every /api operation (server/contract/operations.ts), every tRPC
// procedure (the router) and every page with a form action (app/routes.ts): random methods, Origins, content
// types, bodies, broken encodings, oversized bodies, huge batches. No answer may be a 5xx, nothing may log a
// stack trace, and the server must still answer normal requests correctly afterwards.
//   npm run bench:fuzz [-- --requests 12000 --seed 7 --concurrency 4]
// Prints the counts by status and every 5xx with its request; --json prints one summary line instead.
// Exits 1 on any 5xx, stack trace or failed check afterwards.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import routes from "../app/routes";
import { OPERATIONS } from "../server/contract/operations";
import { appRouter } from "../server/trpc/router";
import { cliArgs } from "./args";
import { startBuiltServerInProcess } from "./bench-support";

const args = cliArgs({
  requests: { type: "string" },
  seed: { type: "string" },
  concurrency: { type: "string" },
  json: { type: "boolean" },
});
const total = Number(args.requests ?? 3_000);
const seed = Number(args.seed ?? 1);
const concurrency = Number(args.concurrency ?? 4);

// -- What the server logs: kept, not printed, so stack traces can be counted. --------------------------------
const logged: string[] = [];
const write = process.stdout.write.bind(process.stdout);
for (const level of ["log", "info", "warn", "error", "debug"] as const) {
  console[level] = (...parts: unknown[]) =>
    void logged.push(parts.map((p) => (p instanceof Error ? (p.stack ?? String(p)) : String(p))).join(" "));
}
const print = (line = "") => write(`${line}\n`);
const STACK_LINE = /^\s+at .+(\(|:\d+:\d+)/m;

// -- Deterministic randomness (mulberry32). --------------------------------------------------------------------
let state = seed >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
const int = (max: number) => Math.floor(random() * max);

// -- The server. ------------------------------------------------------------------------------------------------
const { base: origin, stop } = await startBuiltServerInProcess("fuzz");
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const startupLogs = logged.length;

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: new URL(origin).port,
        method: probe.method,
        path: probe.path,
        // Node's client sends a GET/DELETE/OPTIONS body unframed unless told its length.
        headers: probe.body ? { ...probe.headers, "content-length": String(probe.body.length) } : probe.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(probe.body);
  });
}

// -- What there is to call. --------------------------------------------------------------------------------------
const [firstTrack] = JSON.parse((await send({ method: "GET", path: "/api/tracks?limit=1", headers: {} })).body.toString()) as {
  id: number;
}[];
const recordId = String(firstTrack!.id);

const apiPaths = Object.values(OPERATIONS).map((op) => ({ method: op.method.toUpperCase(), path: op.path }));
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(
  ([name, p]) => ({ name, type: p._def.type }),
);
interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}
const flatten = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);
const hasAction = (file: string) =>
  /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(fs.readFileSync(path.join("app", file), "utf8"));
const formRoutes = flatten(routes as RouteEntry[])
  .filter((r) => hasAction(r.file))
  .map((r) => `/${r.path ?? ""}`);

// A signed-in customer and a cart, so some requests reach the code behind the guards.
const registered = await send({
  method: "POST",
  path: "/api/register",
  headers: { origin, "content-type": "application/json" },
  body: Buffer.from(JSON.stringify({ username: `fuzz${seed}`, email: `fuzz${seed}@example.com`, password: "fuzz-password-1" })),
});
const cookieOf = (a: Answer) => (a.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
const session = cookieOf(registered);

// -- Random requests. ------------------------------------------------------------------------------------------
const BROKEN_ENCODINGS = ["%zz", "%", "%E0%A4%A", "%C0%AF", "%00", "%ff%fe", "..%2f..%2fetc%2fpasswd", "%25%", "%u0041"];
const FIELDS = [
  "intent",
  "recordId",
  "quantity",
  "redirectTo",
  "username",
  "password",
  "confirmPassword",
  "email",
  "name",
  "addressLine1",
  "addressLine2",
  "city",
  "postalCode",
  "country",
  "discountCode",
  "idempotencyKey",
  "expectedTotalPence",
  "cardNumber",
  "expiry",
  "cvc",
  "token",
  "favoriteGenre",
  "favoriteGenres",
  "currentPassword",
  "newPassword",
  "displayName",
  "q",
];
const INTENTS = [
  "add",
  "increment",
  "decrement",
  "set",
  "remove",
  "clear",
  "apply-code",
  "remove-code",
  "apply",
  "login",
  "register",
  "request",
  "reset",
  "profile",
  "password",
  "toggle",
  "subscribe",
  "unsubscribe",
  "",
];
function value(): string {
  return pick([
    () => "",
    () => recordId,
    () => String(int(100_000) - 50),
    () => "1e308",
    () => "NaN",
    () => pick(INTENTS),
    () => "x".repeat(int(5_000)),
    () => `fuzz${int(1e6)}@example.com`,
    () => "<script>alert(1)</script>",
    () => "' OR 1=1 --",
    () => "Zoë Ünïcødé 🎵 \u0000 \u202e",
    () => "../../etc/passwd",
    () => "SW1A 1AA",
    () => "4242 4242 4242 4242",
    () => "//evil.example/",
    () => "https://evil.example/",
  ])();
}
function fields(): [string, string][] {
  const out: [string, string][] = [];
  const n = int(8);
  for (let i = 0; i < n; i++) out.push([chance(0.8) ? pick(FIELDS) : `junk${int(1000)}`, value()]);
  if (chance(0.05)) for (let i = 0; i < 500; i++) out.push([`extra${i}`, "y".repeat(60)]); // a stuffed form
  return out;
}
function jsonValue(depth = 0): unknown {
  const kind = int(depth > 3 ? 5 : 8);
  if (kind === 0) return null;
  if (kind === 1) return int(2) === 0;
  if (kind === 2) return pick([0, -1, 1, Number(recordId), 1e308, 2 ** 53 + 1, 0.5]);
  if (kind === 3 || kind === 4) return value();
  if (kind === 5) return Array.from({ length: int(5) }, () => jsonValue(depth + 1));
  return Object.fromEntries(
    Array.from({ length: int(6) }, () => [
      pick([...FIELDS, "history", "limit", "page", "id", "lines", "orderNumber"]),
      jsonValue(depth + 1),
    ]),
  );
}
const urlencoded = (f: [string, string][]) => Buffer.from(new URLSearchParams(f).toString());
function multipart(f: [string, string][], boundary: string): Buffer {
  const parts = f.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return Buffer.from(`${parts.join("")}--${boundary}--\r\n`);
}

type Body = { type?: string; body?: Buffer; label: string };
function body(): Body {
  const f = fields();
  return pick<() => Body>([
    () => ({ type: "application/x-www-form-urlencoded", body: urlencoded(f), label: "form" }),
    () => ({ type: "application/x-www-form-urlencoded", body: Buffer.from("a=%zz&b=%&%E0=1&&==&c"), label: "form, broken %" }),
    () => ({ type: "multipart/form-data; boundary=fuzzb", body: multipart(f, "fuzzb"), label: "multipart" }),
    () => ({
      type: "multipart/form-data; boundary=fuzzb",
      body: multipart(f, "fuzzb").subarray(0, 40),
      label: "multipart, cut off",
    }),
    () => ({ type: "multipart/form-data", body: multipart(f, "x"), label: "multipart, no boundary" }),
    () => ({ type: "multipart/form-data; boundary=other", body: Buffer.from("garbage"), label: "multipart, garbage" }),
    () => ({ type: "application/json", body: Buffer.from(JSON.stringify(jsonValue())), label: "json" }),
    () => ({ type: "application/json", body: Buffer.from('{"broken":'), label: "json, broken" }),
    () => ({ type: "application/json", body: Buffer.from("[".repeat(5000) + "]".repeat(5000)), label: "json, deep" }),
    () => ({ type: "text/plain", body: Buffer.from("hello"), label: "text/plain" }),
    () => ({ type: "application/xml", body: Buffer.from("<a/>"), label: "xml" }),
    () => ({
      type: pick(["", "garbage", "application/x-www-form-urlencoded; charset=utf-16"]),
      body: urlencoded(f),
      label: "odd type",
    }),
    () => ({ label: "no body" }),
    () => ({
      type: "application/x-www-form-urlencoded",
      body: Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x3d, 0xa0]),
      label: "invalid UTF-8",
    }),
    () => ({
      type: pick(["application/json", "application/x-www-form-urlencoded"]),
      body: Buffer.alloc(1_200_000, 0x61),
      label: "1.2 MB",
    }),
  ])();
}
function method(usual: string): string {
  return chance(0.6) ? usual : pick(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"]);
}
function mangle(p: string): string {
  let out = p
    .replace(/\{[^}]+\}/g, () => pick([recordId, "0", "-1", "abc", "99999999", pick(BROKEN_ENCODINGS)]))
    .replace(/:[A-Za-z]+/g, () => pick(["x", recordId, pick(BROKEN_ENCODINGS)]))
    .replace(/\*$/, () => pick([`${recordId}-x`, "", pick(BROKEN_ENCODINGS)]));
  if (chance(0.15)) out += `/${pick(BROKEN_ENCODINGS)}`;
  if (chance(0.3)) out += `?${pick(FIELDS)}=${pick([encodeURIComponent(value()), pick(BROKEN_ENCODINGS)])}`;
  return out;
}
function headers(b: Body): Record<string, string> {
  const h: Record<string, string> = {};
  const o = pick([origin, origin, origin, "https://evil.example", "null", ""]);
  if (o) h.origin = o;
  if (b.type) h["content-type"] = b.type;
  if (chance(0.3)) h.cookie = session;
  else if (chance(0.1)) h.cookie = pick(["session=garbage", "cart=%zz", "cart=" + "a".repeat(4000), "nl_sub=x; toast=%7B"]);
  if (chance(0.2)) h.accept = pick(["application/json", "text/html", "*/*"]);
  return h;
}

function apiProbe(): Probe {
  const op = pick(apiPaths);
  const m = method(op.method);
  const b = m === "GET" || m === "HEAD" ? (chance(0.1) ? body() : { label: "no body" }) : body();
  return { method: m, path: mangle(op.path), headers: headers(b), body: b.body };
}
function trpcProbe(): Probe {
  const count = chance(0.15) ? pick([2, 5, 10, 11, 50, 900]) : 1;
  const calls = Array.from({ length: count }, () => pick(procedures));
  const usual = calls[0]!.type === "mutation" ? "POST" : "GET";
  const m = method(usual);
  const batch = count > 1 || chance(0.2);
  const inputs = batch ? Object.fromEntries(calls.map((_, i) => [i, jsonValue()])) : jsonValue();
  let p = `/trpc/${calls.map((c) => c.name).join(",")}${batch ? "?batch=1" : "?x=1"}`;
  if (m !== "POST") p += `&input=${chance(0.1) ? pick(BROKEN_ENCODINGS) : encodeURIComponent(JSON.stringify(inputs))}`;
  const b: Body =
    m === "POST" && chance(0.7)
      ? { type: "application/json", body: Buffer.from(JSON.stringify(inputs)), label: "json" }
      : m === "GET" || m === "HEAD"
        ? { label: "no body" }
        : body();
  if (chance(0.1)) p = p.replace("/trpc/", `/trpc/${pick(BROKEN_ENCODINGS)}`);
  return { method: m, path: p, headers: headers(b), body: b.body };
}
function formProbe(): Probe {
  const m = method("POST");
  const b = m === "GET" || m === "HEAD" ? { label: "no body" } : body();
  return { method: m, path: mangle(pick(formRoutes)), headers: headers(b), body: b.body };
}

// -- The run. -------------------------------------------------------------------------------------------------------
const byStatus = new Map<string, number>();
const exampleOf = new Map<string, string>();
const failures: string[] = [];
let largest = { bytes: 0, request: "" };
const describe = (p: Probe) =>
  `${p.method} ${p.path.slice(0, 160)} origin=${p.headers.origin ?? "-"} type=${p.headers["content-type"] ?? "-"} body=${p.body?.length ?? 0}B`;

let sent = 0;
async function worker() {
  while (sent < total) {
    sent++;
    const probe = pick([apiProbe, trpcProbe, formProbe])();
    let status: string;
    try {
      const answer = await send(probe);
      status = String(answer.status);
      if (answer.status >= 500) failures.push(`${answer.status} ${describe(probe)}: ${answer.body.toString().slice(0, 160)}`);
      if (answer.body.length > largest.bytes) largest = { bytes: answer.body.length, request: describe(probe) };
    } catch (error) {
      // The server may close the connection on a body over the limit once it has answered 413.
      status = `network error (${(error as NodeJS.ErrnoException).code ?? "?"})`;
      if (!probe.body || probe.body.length < 1_000_000) failures.push(`${status} ${describe(probe)}`);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    if (!exampleOf.has(status)) exampleOf.set(status, describe(probe));
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (Date.now() - started) / 1000;

// -- Afterwards: ordinary requests still work. ----------------------------------------------------------------
const checks: [string, boolean][] = [];
const tracks = await send({ method: "GET", path: "/api/tracks?limit=2", headers: {} });
checks.push([
  "GET /api/tracks answers two tracks",
  tracks.status === 200 && (JSON.parse(tracks.body.toString()) as unknown[]).length === 2,
]);
const page = await send({ method: "GET", path: "/", headers: {} });
checks.push(["GET / renders the home page", page.status === 200 && page.body.toString().includes("</html>")]);
const added = await send({
  method: "POST",
  path: "/cart",
  headers: { origin, "content-type": "application/x-www-form-urlencoded" },
  body: urlencoded([
    ["intent", "add"],
    ["recordId", recordId],
    ["redirectTo", "/cart"],
  ]),
});
checks.push(["a cart form post adds and redirects", added.status === 303 && cookieOf(added).includes("=")]);
const list = await send({ method: "GET", path: `/trpc/catalogue.list?input=${encodeURIComponent('{"limit":1}')}`, headers: {} });
checks.push(["tRPC catalogue.list answers", list.status === 200 && list.body.toString().includes('"items"')]);

agent.destroy();
await stop();

const runLogs = logged.slice(startupLogs);
const stackTraces = runLogs.filter((l) => STACK_LINE.test(l));
const failedChecks = checks.filter(([, ok]) => !ok).map(([name]) => name);
const statuses = Object.fromEntries([...byStatus].sort(([a], [b]) => a.localeCompare(b)));
const ok = failures.length === 0 && stackTraces.length === 0 && failedChecks.length === 0;

if (args.json) {
  print(
    JSON.stringify({
      requests: total,
      seed,
      seconds,
      statuses,
      failures,
      logLines: runLogs.length,
      stackTraces: stackTraces.map((s) => s.slice(0, 400)),
      failedChecks,
      largestAnswer: largest,
    }),
  );
} else {
  print(`\n${total} requests, seed ${seed}, ${concurrency} at a time, ${seconds.toFixed(1)} s; Node ${process.version}`);
  print(`Targets: ${apiPaths.length} /api operations, ${procedures.length} tRPC procedures, ${formRoutes.length} form routes`);
  print("\nstatus  count  first request answered so");
  for (const [status, count] of Object.entries(statuses)) {
    print(`${status.padEnd(7)} ${String(count).padStart(5)}  ${exampleOf.get(status)!.slice(0, 110)}`);
  }
  print(`\nLargest answer: ${largest.bytes} bytes, to ${largest.request}`);
  print(`Server log lines during the run: ${runLogs.length}; with a stack trace: ${stackTraces.length}`);
  for (const line of runLogs.slice(0, 20)) print(`  | ${line.split("\n").slice(0, 3).join(" / ").slice(0, 240)}`);
  print(`\n5xx or failed requests: ${failures.length}`);
  for (const f of failures.slice(0, 50)) print(`  ${f}`);
  print(`Checks afterwards: ${failedChecks.length === 0 ? "all passed" : `failed: ${failedChecks.join("; ")}`}`);
}
process.exit(ok ? 0 : 1);
