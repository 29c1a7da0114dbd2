import type { AnyRouter, AnyTRPCProcedure } from "@trpc/server";
import type { RequestHandler } from "express";
import { asksToStream } from "../http/page-cache-rules";

/** A value tRPC would stream (promises or async iterables inside): its adapter answers that, not this path. */
const isStreamLike = (value: unknown): boolean =>
  typeof value === "object" &&
  value !== null &&
  (Symbol.asyncIterator in value ||
    Object.values(value).some((v) => v instanceof Promise || (typeof v === "object" && v !== null && Symbol.asyncIterator in v)));

/**
 * One tRPC query (GET /trpc/<path>?input=…), called without the adapter, which builds a Fetch Request, an abort
 * signal and a Response stream for every call (docs/decisions/0044-direct-trpc-queries.md). Its answer is the
 * adapter's: the same status, body and headers. Everything else goes on to the adapter and is answered as always:
 * a batch, a mutation, a stream, an unknown procedure, an input that is not JSON, and a call that fails (a query
 * only reads, so it may run again there, where the error gets tRPC's own shape, logging and headers).
 */
export function directQueries(router: AnyRouter): RequestHandler {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  return (req, res, next) => {
    if (req.method !== "GET" || req.query.batch !== undefined) return next();
    // A stream (the adapter's JSON lines and events) is the adapter's to refuse or send.
    if (asksToStream({ accept: req.headers.accept, trpcAccept: req.headers["trpc-accept"] as string | undefined })) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    if (procedure?._def.type !== "query") return next();
    const raw = req.query.input;
    if (raw !== undefined && typeof raw !== "string") return next();
    let input: unknown;
    try {
      input = raw === undefined ? undefined : JSON.parse(raw);
    } catch {
      return next();
    }
    const call = procedure({
      path,
      getRawInput: () => Promise.resolve(input),
      ctx: res.locals.ctx,
      type: "query",
      signal: undefined,
      batchIndex: 0,
    });
    call.then(
      (data) => {
        if (isStreamLike(data)) return next();
        res.setHeader("content-type", "application/json");
        res.setHeader("vary", "trpc-accept, accept");
        res.end(JSON.stringify({ result: { data } }));
      },
      () => next(),
    );
  };
}
