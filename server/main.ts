// Entry of the server bundle: the Express app with React Router's build rendering the pages.
import type { RequestHandler } from "express";
import * as build from "virtual:react-router/server-build";
import { createApp, listenerWithPageCache } from "./app";
import { loadConfig } from "./config";
import { reactRouterHandler } from "./http/react-router";

export { prepare, shutdown } from "./app";
export { gracefulShutdown } from "./http/graceful";
export { superviseWorkers } from "./cluster";

/** How many server processes to run over the database (WEB_CONCURRENCY; server.js starts them). */
export const serverProcesses = (): number => loadConfig().WEB_CONCURRENCY;

export function createServerApp(options: { development?: boolean; devMiddleware?: RequestHandler } = {}) {
  const pages = reactRouterHandler({
    build,
    mode: options.development ? "development" : "production",
    getLoadContext: (_req, res) => res.locals.ctx,
  });
  return listenerWithPageCache(createApp({ ...options, pages, background: true }));
}
