import type { RequestHandler } from "express";
import { MAX_BATCH_CALLS, MAX_BATCH_MUTATIONS } from "../../app/domain/shared/request-limits";
import { sendError } from "../http/errors";

export { MAX_BATCH_CALLS };

/** tRPC speaks GET (queries) and POST (mutations); anything else is refused before its adapter sees it. */
export const TRPC_METHODS = ["GET", "POST"] as const;

/**
 * Bounded work per request (the bounded-requests decision record in docs/decisions): a batch holds at most MAX_BATCH_CALLS
 * queries and a mutation travels alone. A batch over either limit is refused whole, before any procedure runs.
 */
export const trpcRequestLimits: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "POST") {
    res.set("Allow", TRPC_METHODS.join(", "));
    return sendError(req, res, 405, `${req.method} is not allowed here: tRPC answers ${TRPC_METHODS.join(", ")}.`);
  }
  if (req.query.batch === undefined) return next();
  // A batch names its procedures in the path, comma-separated: /trpc/a,b,c?batch=1.
  const calls = req.path.slice(1).split(",").length;
  if (calls > MAX_BATCH_CALLS) {
    return sendError(req, res, 400, `A batch holds at most ${MAX_BATCH_CALLS} calls; this one had ${calls}.`);
  }
  if (req.method === "POST" && calls > MAX_BATCH_MUTATIONS) {
    return sendError(req, res, 400, `Send one mutation per request; this batch had ${calls}.`);
  }
  next();
};
