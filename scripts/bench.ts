// Benchmark: the production server on a seeded temporary database, next to a bare Node http server
// answering the same bytes as the record page (the ceiling). Prints figures; asserts nothing.
//   npm run bench [-- --records 100000 --duration 10 --connections 50]
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { cliArgs } from "./args";

const args = cliArgs({
  records: { type: "string" },
  duration: { type: "string" },
  connections: { type: "string" },
});
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 50);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-bench-"));
const env = {
  ...process.env,
  DATABASE_PATH: path.join(dir, "bench.db"),
  MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(os.tmpdir(), "needledrop-bench-media"),
  ACCESS_LOG: "off",
  HOST: "127.0.0.1",
};
const appPort = 3400;
const barePort = 3401;

function waitFor(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () =>
      fetch(url)
        .then((r) => (r.ok ? resolve() : retry()))
        .catch(retry);
    const retry = () => (Date.now() - started > 300_000 ? reject(new Error(`${url} never came up`)) : setTimeout(tick, 200));
    tick();
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function measure(url: string) {
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const r = await autocannon({ url, connections, duration });
  if (r.non2xx) throw new Error(`${url}: ${r.non2xx} non-2xx answers`);
  // Errors are connection failures or time-outs (10 s): reported, not fatal, on a busy machine.
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts };
}

console.log(`Seeding ${env.DATABASE_PATH}${args.records ? ` with ${args.records} records` : ""}…`);
const seed = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...(args.records ? ["--records", args.records] : [])], {
  env,
  stdio: "inherit",
});
if (seed.status !== 0) process.exit(seed.status ?? 1);

const app = spawn(process.execPath, ["server.js"], { env: { ...env, PORT: String(appPort) }, stdio: "ignore" });
const appBase = `http://127.0.0.1:${appPort}`;
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

const trpcInput = encodeURIComponent(JSON.stringify({ page: 1, limit: 24 }));
const targets: [string, string][] = [
  ["bare node http (record page bytes)", `${bareBase}/`],
  ["GET / (home page)", `${appBase}/`],
  [`GET ${recordUrl} (record page)`, `${appBase}${recordUrl}`],
  ["GET /api/tracks?page=1&limit=24", `${appBase}/api/tracks?page=1&limit=24`],
  ["GET /trpc/catalogue.list (24)", `${appBase}/trpc/catalogue.list?input=${trpcInput}`],
];

const rows: { target: string; rps: number; p50: number; p99: number; errors: number }[] = [];
try {
  for (const [target, url] of targets) {
    process.stdout.write(`measuring ${target}…\n`);
    rows.push({ target, ...(await measure(url)) });
  }
} finally {
  await stop(app);
  await stop(bare);
  fs.rmSync(dir, { recursive: true, force: true });
}

const ceiling = rows[0]!.rps;
console.log(`\n${connections} connections, ${duration} s each after a 2 s warm-up; ${os.cpus().length} cores; Node ${process.version}`);
const width = Math.max(...rows.map((r) => r.target.length));
console.log(`${"target".padEnd(width)} ${"req/s".padStart(9)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"vs bare".padStart(8)} ${"errors".padStart(7)}`);
for (const r of rows) {
  console.log(
    `${r.target.padEnd(width)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${(r.rps / ceiling).toFixed(3).padStart(8)} ${String(r.errors).padStart(7)}`,
  );
}
