// Starts Needledrop: one Node process serving pages, /trpc and /api.
// Production runs the built bundle (build/server/index.js); `--dev` runs the sources through Vite.
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";

const development = process.argv.includes("--dev");
const port = Number.parseInt(process.env.PORT ?? "3000", 10);
const host = process.env.HOST ?? "0.0.0.0";

/** A damaged database is refused with one paragraph saying what to do, not a stack trace. */
async function prepareOrExit(mod) {
  try {
    await mod.prepare();
  } catch (error) {
    if (error?.name !== "DamagedDatabaseError") throw error;
    console.error(error.message);
    process.exit(1);
  }
}

let server;
let shutdownApp = () => {};
let gracefulShutdown;

if (development) {
  process.env.NODE_ENV ??= "development";
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const load = () => viteServer.ssrLoadModule("./server/main.ts");
  const first = await load();
  await prepareOrExit(first);
  shutdownApp = first.shutdown;
  gracefulShutdown = first.gracefulShutdown;
  // Re-read the app module per request so server edits apply without a restart; rebuild only on change.
  let current = { mod: undefined, app: undefined };
  const app = express();
  app.use(async (req, res, next) => {
    try {
      const mod = await load();
      if (mod !== current.mod) {
        current = { mod, app: mod.createServerApp({ development: true, devMiddleware: viteServer.middlewares }) };
      }
      current.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
  server = app.listen(port, host, () => console.log(`Needledrop (development) at http://localhost:${port}`));
} else {
  process.env.NODE_ENV ??= "production";
  const buildDir = process.env.BUILD_DIR || "build";
  const mod = await import(pathToFileURL(path.resolve(buildDir, "server", "index.js")).href);
  await prepareOrExit(mod);
  shutdownApp = mod.shutdown;
  gracefulShutdown = mod.gracefulShutdown;
  server = mod.createServerApp().listen(port, host, () => console.log(`Needledrop at http://localhost:${port}`));
}

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests`);
  gracefulShutdown(server, () => {
    shutdownApp();
    console.log("Server stopped; database closed.");
    process.exit(0);
  });
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
