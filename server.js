// Starts Needledrop: Node serving pages, /trpc and /api over one SQLite database.
// Production runs the built bundle (build/server/index.js); `--dev` runs the sources through Vite, in one process.
// With WEB_CONCURRENCY above 1 (production only) this process is the primary of Node's cluster: it prepares the
// database once, then keeps that many worker processes serving on the shared port (docs/decisions/0056).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
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

/** Runs `stop` once, on the first SIGTERM or SIGINT (a terminal's Ctrl-C reaches a cluster's workers too). */
function onStopSignal(stop) {
  let stopping = false;
  const once = (signal) => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  };
  process.on("SIGTERM", () => once("SIGTERM"));
  process.on("SIGINT", () => once("SIGINT"));
}

/** Listens, and on a stop signal stops accepting, lets in-flight requests finish, then closes the database. */
function serve(listener, { shutdown, gracefulShutdown }, label = "") {
  const server = listener.listen(port, host, () =>
    console.log(
      `Needledrop${label} at http://localhost:${server.address().port}${cluster.isWorker ? ` (worker ${process.pid})` : ""}`,
    ),
  );
  onStopSignal((signal) => {
    console.log(`${signal} received: finishing in-flight requests`);
    gracefulShutdown(server, () =>
      shutdown().then(
        () => {
          console.log("Server stopped; database closed.");
          process.exit(0);
        },
        (error) => {
          console.error("Stopping failed:", error);
          process.exit(1);
        },
      ),
    );
  });
}

if (development) {
  process.env.NODE_ENV ??= "development";
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const load = () => viteServer.ssrLoadModule("./server/main.ts");
  const first = await load();
  await prepareOrExit(first);
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
  serve(app, first, " (development)");
} else {
  process.env.NODE_ENV ??= "production";
  const buildDir = process.env.BUILD_DIR || "build";
  const mod = await import(pathToFileURL(path.resolve(buildDir, "server", "index.js")).href);
  if (cluster.isWorker) {
    // The primary has prepared the database already.
    serve(mod.createServerApp(), mod);
  } else if (mod.serverProcesses() > 1) {
    await prepareOrExit(mod);
    // Without a configured key, every process would sign cookies with a random key of its own, and a browser would
    // be recognised only by the worker that set its cookie: one random key per start, the same in every worker.
    process.env.COOKIE_SECRET ||= randomBytes(32).toString("hex");
    const count = mod.serverProcesses();
    console.log(`Starting ${count} server processes over one database (primary ${process.pid}).`);
    const workers = mod.superviseWorkers({ count });
    onStopSignal((signal) => {
      console.log(`${signal} received: stopping the workers`);
      workers
        .stop()
        .then(() => mod.shutdown())
        .then(() => {
          console.log("All workers stopped; database closed.");
          process.exit(0);
        });
    });
  } else {
    await prepareOrExit(mod);
    serve(mod.createServerApp(), mod);
  }
}
