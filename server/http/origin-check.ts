import type { Request, RequestHandler } from "express";
import { sendError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get("host") ?? ""}`;
}

/**
 * CSRF defence for every mutation (forms, tRPC, REST): the browser-set Origin header must name this
 * site. A missing Origin is refused too; every browser we support sends it on POST.
 */
export function originCheck(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    if (origin && (origin === requestOrigin(req) || allowedOrigins.includes(origin))) return next();
    // Drain nothing and change nothing: the request ends here.
    sendError(req, res, 403, origin ? "Cross-origin request refused." : "Missing Origin header.");
  };
}
