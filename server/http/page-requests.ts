import type { RequestHandler } from "express";
import { JSON_PAGE_PATHS } from "../../app/domain/two-factor/passkeys";
import { sendError } from "./errors";

/** What a page answers: reading it (GET, HEAD) and a form post to its action (POST). */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const JSON_TYPE = /^application\/json\b/i;

/** The decoded path, or null when its %-encoding is broken (the result is used: a bundler drops a bare call). */
function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Pages take an address that decodes, and only what an HTML form sends: a POST of a URL-encoded or multipart
 * body. Anything else is refused here with a short 4xx, before React Router, which would otherwise log a
 * warning for a bad %-encoding and throw (a logged 500 error page) when an action reads a body that is not a form.
 * The passkey ceremony's resource routes (JSON_PAGE_PATHS) are the exception: they take JSON, and only JSON.
 */
export const pageRequests: RequestHandler = async (req, res, next) => {
  if (decoded(req.path) === null) return sendError(req, res, 400, "Bad request: the address has a broken %-encoding.");
  if (req.method === "GET" || req.method === "HEAD") return next();
  if (req.method !== "POST") {
    res.set("Allow", PAGE_METHODS.join(", "));
    return sendError(req, res, 405, `${req.method} is not allowed here: pages answer ${PAGE_METHODS.join(", ")}.`);
  }
  const type = req.get("content-type") ?? "";
  if (JSON_PAGE_PATHS.includes(req.path)) {
    return JSON_TYPE.test(type) ? next() : sendError(req, res, 415, "This address takes a JSON body (application/json).");
  }
  if (!FORM_TYPES.test(type)) {
    return sendError(req, res, 415, "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.");
  }
  if (/^multipart\//i.test(type)) {
    // A broken multipart body (no boundary, a cut-off part) makes formData() throw: try it once here.
    try {
      const body = (req.rawBody ?? new Uint8Array()) as Uint8Array<ArrayBuffer>;
      await new Response(body, { headers: { "content-type": type } }).formData();
    } catch {
      return sendError(req, res, 400, "The form's multipart body could not be read.");
    }
  }
  next();
};
