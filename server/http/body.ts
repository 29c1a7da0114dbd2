import express, { type RequestHandler } from "express";
import { HttpError } from "./errors";

export const BODY_LIMIT = "1mb";

declare global {
  namespace Express {
    interface Request {
      /** The raw request body of a mutation, read once here so every consumer sees the same bytes. */
      rawBody?: Buffer;
    }
  }
}

const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT });

function isJson(contentType: string | undefined): boolean {
  return !!contentType && /^application\/([\w.+-]*\+)?json\b/i.test(contentType);
}

/**
 * Reads every request body up to 1 MB (413 beyond), then checks JSON bodies parse (400 otherwise).
 * REST shims get the parsed value in req.body; tRPC gets the text, which its adapter accepts;
 * React Router gets the raw bytes through req.rawBody.
 */
export const bufferBody: RequestHandler = (req, res, next) => {
  readRaw(req, res, (err?: unknown) => {
    if (err) return next(err);
    const raw = Buffer.isBuffer(req.body) ? (req.body as Buffer) : undefined;
    req.rawBody = raw;
    req.body = undefined;
    if (!raw || raw.length === 0) return next();
    const text = raw.toString("utf8");
    if (isJson(req.get("content-type"))) {
      try {
        const parsed: unknown = JSON.parse(text);
        req.body = req.originalUrl.startsWith("/trpc") ? text : parsed;
      } catch {
        return next(new HttpError(400, "Malformed JSON in request body."));
      }
    } else if (req.originalUrl.startsWith("/trpc")) {
      req.body = text;
    }
    next();
  });
};
