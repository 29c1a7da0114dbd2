import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import type { ApiOperation } from "../contract/operations";
import type { RequestContext } from "../context";
import { HttpError } from "../http/errors";

declare global {
  namespace Express {
    interface Locals {
      ctx: RequestContext;
    }
  }
}

/** Spec §9: GET answers may be cached publicly for 300 seconds, or not at all. */
export const PUBLIC_5_MIN = "public, max-age=300";
/** Spec §7: anything about a user or orders is never cached (recommendations use both). */
export const NO_CACHE = "no-cache";

/** Sets Cache-Control for every answer of a route. */
export const cache =
  (value: string): RequestHandler =>
  (_req, res, next) => {
    res.set("Cache-Control", value);
    next();
  };

/** For answers about a person or an order: never stored by any cache. */
export const noStore = cache("no-store");

/** For the routers whose clients show errors beside form fields: a validation failure lists its messages per field. */
export const fieldErrors: ErrorRequestHandler = (err, _req, res, next) => {
  if (err instanceof ValidationError && err.fields && !res.headersSent) {
    return res.status(400).json({ error: err.message, message: err.message, fields: err.fields });
  }
  next(err);
};

export function contextOf(res: Response): RequestContext {
  return res.locals.ctx;
}

/** Validates query (or path) parameters; a bad value is the caller's mistake (400), with the field named. */
export function parseQuery<S extends z.ZodType>(schema: S, req: { query: unknown }): z.output<S> {
  const parsed = schema.safeParse(req.query);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new HttpError(400, `Invalid ${first?.path.join(".") || "query"}: ${first?.message ?? "bad value"}`);
}

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a call sent, read with its documented schemas (server/contract/operations.ts), so the shim reads
 * exactly what the document publishes: query and path parameters answer a bad value with 400 naming it, a
 * body with a ValidationError listing every field.
 */
export function inputOf<Op extends ApiOperation>(
  op: Op,
  req: Request,
): { query: Input<Op["query"]>; params: Input<Op["params"]>; body: Input<NonNullable<Op["body"]>["schema"]> } {
  return {
    query: (op.query ? parseQuery(op.query, req) : undefined) as Input<Op["query"]>,
    params: (op.params ? parseQuery(op.params, { query: req.params }) : undefined) as Input<Op["params"]>,
    body: (op.body ? parseInput(op.body.schema, req.body) : undefined) as Input<NonNullable<Op["body"]>["schema"]>,
  };
}

/** Sends `body` typed by its documented answer schema (checked at compile time; the contract test checks it live). */
export function send<S extends z.ZodType>(res: Response, _schema: S, body: z.output<S>): void {
  res.json(body);
}

/** The Express path of an operation, under the /api mount ("/api/tracks/{id}" → "/tracks/:id"). */
export function routeOf(op: ApiOperation): string {
  return op.path.replace(/^\/api/, "").replace(/\{(\w+)\}/g, ":$1");
}
