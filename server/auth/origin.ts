import type { Request } from "express";
import { requestOrigin } from "../http/origin-check";

/**
 * Where a hosted payment page sends the shopper back: PUBLIC_ORIGIN when set, else the origin the request
 * came to. Only the shopper's own browser follows it. Links in e-mail never use it: anyone can forge the
 * Host header, so they come from configuration alone (server/mail/links.ts).
 */
export function publicOrigin(req: Request, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUBLIC_ORIGIN?.trim();
  if (configured) return new URL(configured).origin;
  return requestOrigin(req);
}
