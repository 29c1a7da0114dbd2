// First-load JavaScript of the home page: builds the shop with the client's source maps into a temporary folder,
// takes the modules "/" loads before it is interactive from React Router's manifest (the entry, the root route and
// the home route: what its modulepreload tags name), and prints their size gzipped at level 9 against the goal,
// then the largest source modules within them by their share of it. Prints figures; asserts nothing.
//   npm run bench:first-load [-- --top 10 --keep]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { cliArgs } from "./args";
import { GOALS } from "./bench-goals";
import { firstLoadModules, homeMatches, parseManifest } from "./first-load-manifest";
import { charactersBySource } from "./first-load-sources";

const args = cliArgs({ top: { type: "string" }, keep: { type: "boolean" } });
const top = Number(args.top ?? 10);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-first-load-"));
const buildDir = path.join(tmp, "build");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A source's name from the project's folder: a package's file from its node_modules folder on. */
function moduleName(source: string): string {
  const packageFile = source.lastIndexOf("node_modules/");
  if (packageFile >= 0) return source.slice(packageFile);
  return path.isAbsolute(source) ? path.relative(process.cwd(), source) : source;
}

console.log(`Building with source maps into ${buildDir}…`);
const build = spawnSync("npx", ["react-router", "build"], {
  env: { ...process.env, BUILD_DIR: buildDir, BUILD_SOURCEMAP: "1" },
  encoding: "utf8",
  maxBuffer: 64 * 2 ** 20,
});
if (build.status !== 0) {
  console.error(build.stdout, build.stderr);
  process.exit(build.status ?? 1);
}

try {
  const client = path.join(buildDir, "client");
  const manifestFile = fs.readdirSync(path.join(client, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("the build wrote no browser manifest");
  const manifest = parseManifest(fs.readFileSync(path.join(client, "assets", manifestFile), "utf8"));
  const files = firstLoadModules(manifest, homeMatches(manifest)).map((url) => {
    const file = path.join(client, url);
    const code = fs.readFileSync(file, "utf8");
    return { url, code, bytes: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length, file };
  });

  // Each file's gzip size is shared among its source modules by the characters each wrote: gzip works across
  // module boundaries, so a module's own compressed size is not a thing; its share of the file's is.
  const bySource = new Map<string, number>();
  for (const { url, code, gzip, file } of files) {
    // The bundler's runtime chunk is its own code and comes without a map: it counts as one module.
    const counts = fs.existsSync(`${file}.map`)
      ? charactersBySource(code, fs.readFileSync(`${file}.map`, "utf8"), file)
      : new Map([[`${url} (no source map)`, code.length]]);
    const written = [...counts.values()].reduce((a, b) => a + b, 0);
    for (const [source, chars] of counts) {
      const name = moduleName(source);
      bySource.set(name, (bySource.get(name) ?? 0) + (gzip * chars) / written);
    }
  }

  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const goal = GOALS.firstLoadKb * 1024;
  console.log(`\nFirst load of / (${files.length} modules), gzip level 9; Node ${process.version}`);
  const width = Math.max(...files.map((f) => f.url.length));
  console.log(`${"module".padEnd(width)} ${"KB".padStart(7)} ${"gzip KB".padStart(8)}`);
  for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${f.url.padEnd(width)} ${kb(f.bytes).padStart(7)} ${kb(f.gzip).padStart(8)}`);
  }
  console.log(
    `total ${kb(total)} KB gzip against the goal of ${GOALS.firstLoadKb} KB: ${total <= goal ? `within it by ${kb(goal - total)} KB` : `OVER it by ${kb(total - goal)} KB`}`,
  );

  const largest = [...bySource].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\nThe ${largest.length} largest source modules, by their share of the gzip size:`);
  const nameWidth = Math.max(...largest.map(([name]) => name.length));
  for (const [name, gzip] of largest) {
    console.log(`${name.padEnd(nameWidth)} ${kb(gzip).padStart(6)} KB ${((gzip / total) * 100).toFixed(1).padStart(5)}%`);
  }
} finally {
  if (args.keep) console.log(`\nKept the build in ${buildDir}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
