import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import type { z } from "zod";
import type { RequestContext } from "../context";
import { HttpError } from "../http/errors";
import { ValidationError } from "../../app/domain/shared/errors";

declare global {
  namespace Express {
    interface Locals {
      ctx: RequestContext;
    }
  }
}

/** For answers about a person or an order: never stored by any cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};

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

/** Validates query parameters; a bad value is the caller's mistake (400), with the field named. */
export function parseQuery<S extends z.ZodType>(schema: S, req: { query: unknown }): z.output<S> {
  const parsed = schema.safeParse(req.query);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new HttpError(400, `Invalid ${first?.path.join(".") || "query"}: ${first?.message ?? "bad value"}`);
}
