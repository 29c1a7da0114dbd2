// Entry of the server bundle: the Express app with React Router's build rendering the pages.
import os from "node:os";
import path from "node:path";
import { isMainThread, workerData } from "node:worker_threads";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { offloadPageRenders } from "../app/lib/render-offload.server";
import type { RenderJob } from "../app/lib/render-job.server";
import { createApp, listenerWithPageCache } from "./app";
import { loadConfig } from "./config";
import { reactRouterHandler } from "./http/react-router";
import { createRenderThreads, renderThreadCount } from "./http/render-threads";
import { RENDER_THREAD, serveRenderJobs } from "./render-thread";

export { prepare, shutdown } from "./app";
export { gracefulShutdown } from "./http/graceful";

export function createServerApp(options: { development?: boolean; devMiddleware?: RequestHandler } = {}) {
  const pages = reactRouterHandler({
    build,
    mode: options.development ? "development" : "production",
    getLoadContext: (_req, res) => res.locals.ctx,
  });
  if (!options.development) startRenderThreads();
  return listenerWithPageCache(createApp({ ...options, pages, background: true }));
}

/** A second core renders pages while this one runs loaders and answers requests (docs/decisions/0038-render-threads.md). */
function startRenderThreads(): void {
  const config = loadConfig();
  const count = renderThreadCount(config.RENDER_THREADS, os.availableParallelism());
  if (count < 1) return;
  // The thread runs this very bundle, which then only renders (below).
  const threads = createRenderThreads<RenderJob, Uint8Array | null>(path.resolve(config.BUILD_DIR, "server", "index.js"), count, {
    workerData: RENDER_THREAD,
  });
  offloadPageRenders((job) => threads.render(job));
}

if (!isMainThread && workerData === RENDER_THREAD) serveRenderJobs(build as unknown as ServerBuild);
