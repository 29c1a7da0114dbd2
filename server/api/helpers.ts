import type { Response } from "express";
import type { z } from "zod";
import type { RequestContext } from "../context";
import { HttpError } from "../http/errors";

declare global {
  namespace Express {
    interface Locals {
      ctx: RequestContext;
    }
  }
}

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
