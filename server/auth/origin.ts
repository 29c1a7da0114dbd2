import type { Request } from "express";
import { requestOrigin } from "../http/origin-check";

let warned = false;

/**
 * The origin for links in e-mails (password reset). PUBLIC_ORIGIN when set: otherwise the link would
 * follow the request's Host header, which anyone can forge to have a victim's reset link point at their
 * own site (reset-link poisoning). Without it, the request's origin is used (fine for development and
 * behind a proxy that sets Host itself), and production logs a warning once.
 */
export function publicOrigin(req: Request, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUBLIC_ORIGIN?.trim();
  if (configured) return new URL(configured).origin;
  const origin = requestOrigin(req);
  if (!warned && env.NODE_ENV !== "development" && env.NODE_ENV !== "test") {
    warned = true;
    console.warn("[auth] PUBLIC_ORIGIN is not set: e-mailed links use the request's Host header.");
  }
  return origin;
}
