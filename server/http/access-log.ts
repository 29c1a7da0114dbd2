import type { RequestHandler } from "express";
import morgan from "morgan";

// One line per request. Only the path is logged: query strings may carry tokens or e-mail addresses.
morgan.token("path-only", (req) => (req as { originalUrl?: string }).originalUrl?.split("?")[0] ?? "-");

export function accessLog(enabled: boolean): RequestHandler {
  if (!enabled) return (_req, _res, next) => next();
  return morgan(":remote-addr :method :path-only :status :res[content-length] - :response-time ms");
}
