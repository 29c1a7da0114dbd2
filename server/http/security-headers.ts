import crypto from "node:crypto";
import type { RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";

declare global {
  namespace Express {
    interface Locals {
      cspNonce: string;
    }
  }
}

/** A fresh nonce per response: only scripts React Router renders with it may run inline. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = freshNonce();
  next();
};

// 16 random bytes a nonce, cut from a block filled 256 nonces at a time: one call into the system's random source
// per 256 responses instead of one per response. Each byte is used once.
const NONCE_BYTES = 16;
const randomBlock = Buffer.alloc(NONCE_BYTES * 256);
let usedBytes = randomBlock.length;
export function freshNonce(): string {
  if (usedBytes === randomBlock.length) {
    crypto.randomFillSync(randomBlock);
    usedBytes = 0;
  }
  usedBytes += NONCE_BYTES;
  return randomBlock.toString("base64", usedBytes - NONCE_BYTES, usedBytes);
}

export function securityHeaders({
  development,
  formActionOrigins = [],
}: {
  development: boolean;
  /** Other origins a form may lead to, such as a hosted payment page. */
  formActionOrigins?: string[];
}): RequestHandler {
  const policy = helmet(helmetOptions({ development, formActionOrigins, scriptNonce: `'nonce-${NONCE_PLACEHOLDER}'` }));
  // Helmet's headers are the same for every response but the nonce: worked out by Helmet once, here, and set on
  // each response as they are, the policy with the response's nonce in its place.
  const { headers, removed } = headersSetBy(policy);
  const csp = headers.find(([name]) => name.toLowerCase() === "content-security-policy");
  const [beforeNonce, afterNonce] = (csp?.[1] ?? "").split(NONCE_PLACEHOLDER);
  if (!csp || afterNonce === undefined) throw new Error("The content security policy lost its nonce");
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const header of headers) {
      res.setHeader(header[0], header === csp ? `${beforeNonce}${res.locals.cspNonce}${afterNonce}` : header[1]);
    }
    next();
  };
}

/** The shop's headers as Helmet's options; `scriptNonce` is the script-src source that names the nonce. */
export function helmetOptions({
  development,
  formActionOrigins,
  scriptNonce,
}: {
  development: boolean;
  formActionOrigins: string[];
  scriptNonce: string | ((req: IncomingMessage, res: ServerResponse) => string);
}): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", scriptNonce, ...(development ? ["'unsafe-inline'"] : [])],
        // Inline styles are allowed (docs/decisions/0003): React writes style="" attributes and the
        // toast library injects its stylesheet at run time. Scripts stay nonce-only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(development ? ["ws:", "wss:"] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...formActionOrigins],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS is only meaningful (and only sent) over https; see hstsWhenSecure.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  };
}

/** Stands for the response's nonce while Helmet writes the policy: base64 never holds it. */
const NONCE_PLACEHOLDER = "{{nonce}}";

/** The headers a middleware sets (and removes) on a response, run once on a stand-in that records them in order. */
function headersSetBy(middleware: RequestHandler): { headers: [string, string][]; removed: string[] } {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
    locals: {},
  };
  let done = false;
  middleware({} as Parameters<RequestHandler>[0], response as unknown as Parameters<RequestHandler>[1], (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error("Helmet did not finish setting its headers at once");
  return { headers, removed };
}

export const hstsWhenSecure: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
};

/**
 * The shop's public images (covers, used-copy photos and their resized variants) may be shown by any page: a campaign
 * mail read in a browser on the mail provider's site loads its covers from the shop, which helmet's default
 * Cross-Origin-Resource-Policy (same-origin) would refuse. They hold nothing private, so they say cross-origin.
 */
export const shareableImage: RequestHandler = (_req, res, next) => {
  res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  next();
};
