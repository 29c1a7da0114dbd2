import type { ErrorRequestHandler, Request, Response } from "express";

/** An error that already knows its HTTP status and a message safe to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function wantsJson(req: Request): boolean {
  // originalUrl, not path: inside a mounted router req.path has lost its /api prefix.
  const path = req.originalUrl.split("?")[0] ?? "";
  return path === "/api" || path.startsWith("/api/") || path.startsWith("/trpc");
}

export function sendError(req: Request, res: Response, status: number, message: string): void {
  if (res.headersSent) return;
  // A route may have said its answer can be cached; a refusal or a failure never may.
  res.set("Cache-Control", "no-store");
  if (wantsJson(req)) {
    res.status(status).json({ error: message, message });
  } else {
    res.status(status).type("text/plain").send(message);
  }
}

interface BodyParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
  /** The byte limit a too-large body went over. */
  limit?: number;
}

const CLIENT_ERRORS: Record<number, string> = {
  400: "Bad request: the address or body could not be read.",
  404: "Not found.",
  405: "Method not allowed.",
  415: "Unsupported content type.",
};

/** Last middleware: maps known errors to their status; everything else is a logged 500 with no details. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (err instanceof HttpError) return sendError(req, res, err.status, err.message);
  const e = (err ?? {}) as BodyParserError;
  const status = e.status ?? e.statusCode;
  if (e.type === "entity.too.large" || status === 413) {
    const mb = typeof e.limit === "number" ? Math.round(e.limit / 1024 / 1024) : 1;
    return sendError(req, res, 413, `Request body is too large (limit ${mb} MB).`);
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Express's router marks a path it cannot decode (GET /api/tracks/%zz) 400 without exposing its message.
    return sendError(req, res, status, e.expose && e.message ? e.message : (CLIENT_ERRORS[status] ?? "Bad request."));
  }
  console.error(`[error] ${req.method} ${req.path}:`, err);
  sendError(req, res, 500, "Something went wrong on our side. Please try again.");
};
