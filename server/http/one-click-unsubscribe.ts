import express, { type RequestHandler } from "express";
import { ValidationError } from "../../app/domain/shared/errors";
import { ONE_CLICK_BODY } from "../mail/list-unsubscribe";
import { sendError } from "./errors";

/** A one-click body is 26 bytes; multipart framing adds a few hundred at most. */
const readSmallBody = express.raw({ type: () => true, limit: "4kb" });

/** Whether the body is exactly the RFC 8058 one-click field, form-encoded or multipart. */
async function isOneClickBody(body: Buffer, contentType: string | undefined): Promise<boolean> {
  if (!contentType) return false;
  try {
    const form = await new Request("http://body.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(body),
    }).formData();
    const keys = [...form.keys()];
    return keys.length === 1 && form.get("List-Unsubscribe") === ONE_CLICK_BODY.split("=")[1];
  } catch {
    return false;
  }
}

/**
 * RFC 8058: a mail client unsubscribes by POSTing `List-Unsubscribe=One-Click` to the List-Unsubscribe
 * link, from its own servers and so without an Origin header. Mounted before the Origin check, this is the
 * only way past it: POST to `path` exactly (/unsubscribe for the newsletter, /cart-reminders/stop for cart
 * reminders, /wants/unsubscribe for record alerts), no Origin, one `token` in the query string, which `unsubscribe`
 * gets with the whole query (a record alert's link also names its want). The token is the
 * credential; the body must be the one-click field and nothing else. Everything else falls through to the
 * Origin check (a browser's own form post on the unsubscribe page carries Origin and goes to the page).
 */
export function oneClickUnsubscribe(
  path: string,
  unsubscribe: (token: string, query: URLSearchParams) => unknown,
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || req.path !== path || req.get("origin") !== undefined) return next();
    const query = new URL(req.originalUrl, "http://path.invalid").searchParams;
    const tokens = query.getAll("token");
    if (tokens.length !== 1) return next();
    readSmallBody(req, res, (err?: unknown) => {
      if (err) return next(err);
      const body = Buffer.isBuffer(req.body) ? (req.body as Buffer) : Buffer.alloc(0);
      req.body = undefined;
      void isOneClickBody(body, req.get("content-type")).then((oneClick) => {
        res.set("Cache-Control", "no-store");
        if (!oneClick) return sendError(req, res, 400, `Not a one-click unsubscribe: send ${ONE_CLICK_BODY}.`);
        try {
          unsubscribe(tokens[0]!, query);
        } catch (error) {
          if (error instanceof ValidationError) return sendError(req, res, 400, error.message);
          return next(error);
        }
        res.status(200).type("text/plain").send("Unsubscribed.");
      }, next);
    });
  };
}
