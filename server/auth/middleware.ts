import type { RequestHandler, Response } from "express";
import type { SessionsService, SessionUser } from "../services/sessions";
import { clearSessionCookie, readSessionToken, serializeSessionCookie } from "./cookies";

/** What the session middleware found for this request; server/context.ts turns it into the context. */
export interface RequestSession {
  user: SessionUser | null;
  sessionId: string | null;
  /** The request came over https (directly or, with TRUST_PROXY, via X-Forwarded-Proto). */
  secure: boolean;
  /** The password was right but the second factor is still to come: whose account, for the two-factor step only. */
  pendingTwoFactorUserId: number | null;
}

declare global {
  namespace Express {
    interface Locals {
      session?: RequestSession;
    }
  }
}

/**
 * A response that sets a cookie must never be kept by a shared cache (another visitor would receive
 * the cookie). Rewrites a public Cache-Control just before the headers go out, whoever set it.
 */
export function keepOutOfSharedCaches(res: Response): void {
  if (res.locals.privateGuard) return;
  res.locals.privateGuard = true;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    const cacheControl = String(this.getHeader("cache-control") ?? "");
    if (/\bpublic\b|s-maxage/i.test(cacheControl)) this.setHeader("Cache-Control", "private, no-cache");
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
}

declare global {
  namespace Express {
    interface Locals {
      privateGuard?: boolean;
    }
  }
}

/**
 * Reads the session cookie and validates it, before the request context is built. A dead or unknown
 * token gets a clearing cookie; a session whose inactivity deadline moved gets its cookie again.
 */
export function sessionMiddleware(sessions: SessionsService): RequestHandler {
  return (req, res, next) => {
    const secure = req.secure;
    const session: RequestSession = { user: null, sessionId: null, secure, pendingTwoFactorUserId: null };
    res.locals.session = session;
    const token = readSessionToken(req.get("cookie"), secure);
    if (!token) return next();
    const valid = sessions.validate(token);
    if (!valid) {
      res.append("Set-Cookie", clearSessionCookie(secure));
      keepOutOfSharedCaches(res);
      return next();
    }
    session.sessionId = valid.sessionId;
    if (valid.pendingTwoFactor) session.pendingTwoFactorUserId = valid.user.id;
    else session.user = valid.user;
    if (valid.refreshed) {
      res.append("Set-Cookie", serializeSessionCookie(token, { secure, maxAgeSeconds: sessions.maxAgeSeconds(valid.expiresAt) }));
      keepOutOfSharedCaches(res);
    }
    next();
  };
}
