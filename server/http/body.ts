import type { Permission } from "../../app/domain/staff/permissions";
import express, { type RequestHandler } from "express";
import { readCookie } from "../../app/domain/shared/cookies";
import { RETURN_GRANTS_COOKIE } from "../services/return-grants";
import { HttpError } from "./errors";

export const BODY_LIMIT = "1mb";
/**
 * Back-office uploads (a cover and an audio preview of up to 8 MB each, a CSV of up to 5 MB, a used copy's photos of
 * up to 20 MB in all, PHOTO_UPLOAD_MAX_BYTES), admins only: 1 MB beyond the largest for the form's other fields.
 */
export const UPLOAD_LIMIT = "21mb";
/** The back-office pages that take uploads, and the permission a person needs before a large body is read. */
const UPLOAD_PATHS = [
  { path: "/admin/catalog-update", permission: "catalogue.edit" },
  { path: "/marketing-tools/slides", permission: "promotions.manage" },
] as const satisfies readonly { path: string; permission: Permission }[];

declare global {
  namespace Express {
    interface Request {
      /** The raw request body of a mutation, read once here so every consumer sees the same bytes. */
      rawBody?: Buffer;
    }
  }
}

const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT });
const readUpload = express.raw({ type: () => true, limit: UPLOAD_LIMIT });

/**
 * The shopper's return form (up to 4 photos, held to the same PHOTO_UPLOAD_MAX_BYTES): only for a signed-in customer
 * or a browser holding a return grant (the page then checks the grant's signature and the order), so a stranger's
 * post is held to the 1 MB of every other request.
 */
const RETURN_FORM_PATHS = ["/returns/new", "/returns/new.data"];

/**
 * A multipart form post to a page that takes uploads, by a member of staff whose role may use that page (the session
 * is read before the body), or to the shopper's return form: anyone else's body is held to the 1 MB of every other
 * request, and the page refuses it.
 */
function isPermittedUpload(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1], may: UploadCheck): boolean {
  if (req.method !== "POST" || !/^multipart\/form-data\b/i.test(req.get("content-type") ?? "")) return false;
  const pathname = req.originalUrl.split("?")[0] ?? "";
  if (RETURN_FORM_PATHS.includes(pathname)) {
    return !!res.locals.session?.user || readCookie(req.get("cookie"), RETURN_GRANTS_COOKIE) !== null;
  }
  const user = res.locals.session?.user;
  if (user?.role !== "admin") return false;
  const page = UPLOAD_PATHS.find((p) => pathname === p.path || pathname.startsWith(`${p.path}/`));
  return !!page && may(user.id, page.permission);
}

/** Whether the account may use a page needing `permission` (the staff access check, without logging). */
export type UploadCheck = (userId: number, permission: Permission) => boolean;

function isJson(contentType: string | undefined): boolean {
  return !!contentType && /^application\/([\w.+-]*\+)?json\b/i.test(contentType);
}

/**
 * Reads every request body up to 1 MB (an admin's upload to a back-office page up to 20 MB; 413 beyond), then
 * checks JSON bodies parse (400 otherwise).
 * REST shims get the parsed value in req.body; tRPC gets the text, which its adapter accepts;
 * React Router gets the raw bytes through req.rawBody.
 */
export const bufferBody =
  (may: UploadCheck): RequestHandler =>
  (req, res, next) => {
    (isPermittedUpload(req, res, may) ? readUpload : readRaw)(req, res, (err?: unknown) => {
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
