import type { RequestHandler } from "express";
import morgan from "morgan";

// One line per request. Only the path is logged: query strings may carry tokens or e-mail addresses.
// A page served from the visitor cache before Express is logged from Node's own request, which has no originalUrl.
morgan.token("path-only", (req) => {
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url;
  return url?.split("?")[0] ?? "-";
});

export function accessLog(enabled: boolean): RequestHandler {
  if (!enabled) return (_req, _res, next) => next();
  return morgan(":remote-addr :method :path-only :status :res[content-length] - :response-time ms");
}
