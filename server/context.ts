import type { Request, Response } from "express";
import { readVisitorFavourites, visitorFavouritesCookie } from "../app/domain/favourites/favourites-cookie";
import { todayInLondon } from "../app/domain/shared/dates";
import type { Db } from "../db/client";
import { clearSessionCookie, serializeSessionCookie } from "./auth/cookies";
import { dropSessionKeyOf } from "./http/drop-cookie";
import { publicOrigin } from "./auth/origin";
import { createServices, type Services } from "./services";
import type { SessionUser } from "./services/sessions";

export type { SessionUser };

/** Session helpers for loaders and actions, which may not import server code. */
export interface AuthHelpers {
  /**
   * Every sign-in (log in, register, a password reset) goes through here: starts a NEW session for the user
   * (ending the request's current one, if any), moves the favourites this browser kept before signing in onto
   * the account, and returns the Set-Cookie values to send. Also makes `user`/`sessionId` the new ones.
   */
  signIn(user: { id: number }, options?: { twoFactorVerified?: boolean }): Promise<string[]>;
  /** Ends the request's session (if any) and returns the Set-Cookie header value that clears the cookie. */
  signOut(): string;
  /** The request came over https; the cookie is then `__Host-session` and Secure. */
  secure: boolean;
  /** Where a hosted payment page returns the shopper (PUBLIC_ORIGIN when set). Never used for links in mail. */
  linkOrigin: string;
}

/** What every loader, action, tRPC procedure and REST shim receives for one request. */
export interface RequestContext {
  db: Db;
  services: Services;
  /** The CSP nonce of this response, for inline scripts React Router renders. */
  cspNonce: string;
  /** Today's date in the shop's time zone, fixed for the whole request. */
  today: string;
  /** The signed-in user, or null. Never carries the password hash. */
  user: SessionUser | null;
  /** The id (the token's SHA-256) of the request's session, or null; for changePassword. */
  sessionId: string | null;
  /** The client's address (through a proxy only with TRUST_PROXY), for sign-in throttling. */
  clientIp: string;
  /** The hash of the browser's waiting-room cookie (server/http/drop-cookie.ts), for buying a drop's held copy. */
  dropSessionKey?: string | null;
  /**
   * Set when the session's password step is done but its second factor is not: whose account. `user` is null
   * meanwhile; only the two-factor step reads this. Absent in server-side callers.
   */
  pendingTwoFactorUserId?: number | null;
  auth: AuthHelpers;
}

export function createRequestContext(db: Db, services: Services, req: Request, res: Response): RequestContext {
  const session = res.locals.session;
  const secure = session?.secure ?? req.secure;
  const ctx: RequestContext = {
    db,
    services,
    cspNonce: res.locals.cspNonce ?? "",
    today: todayInLondon(),
    user: session?.user ?? null,
    sessionId: session?.sessionId ?? null,
    pendingTwoFactorUserId: session?.pendingTwoFactorUserId ?? null,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    dropSessionKey: dropSessionKeyOf(req.get("cookie")),
    auth: {
      secure,
      get linkOrigin() {
        return publicOrigin(req);
      },
      async signIn(user, options = {}) {
        // A new session at every sign-in (and after the two-factor step): an id planted before is worth nothing after.
        if (ctx.sessionId) services.sessions.invalidate(ctx.sessionId);
        const created = services.sessions.create(user.id, {
          userAgent: req.get("user-agent") ?? null,
          ipAddress: ctx.clientIp,
          twoFactorVerified: options.twoFactorVerified ?? false,
        });
        ctx.sessionId = created.sessionId;
        ctx.pendingTwoFactorUserId = null;
        ctx.user = services.accounts.getUser(user.id);
        if (!options.twoFactorVerified && services.twoFactor.isEnabled(user.id)) {
          ctx.pendingTwoFactorUserId = user.id;
          ctx.user = null;
        } else if (!options.twoFactorVerified && ctx.user?.role === "admin") {
          // A member of staff signed in with a password alone (a role that needs no second factor, or one still to
          // set it up): logged like the two-factor step logs the others.
          services.audit.record(
            { id: ctx.user.id, username: ctx.user.username, ip: ctx.clientIp },
            { entityType: "account", entityId: ctx.user.id, action: "sign-in", area: "sign-in" },
          );
        }
        const session = serializeSessionCookie(created.token, {
          secure,
          maxAgeSeconds: services.sessions.maxAgeSeconds(created.expiresAt),
        });
        return [session, ...adoptVisitorFavourites(services, req.get("cookie"), user.id, secure)];
      },
      signOut() {
        if (ctx.sessionId) services.sessions.invalidate(ctx.sessionId);
        ctx.sessionId = null;
        ctx.user = null;
        return clearSessionCookie(secure);
      },
    },
  };
  return ctx;
}

/**
 * A visitor's favourites (a browser cookie) join the account at sign-in, unknown ids skipped, no duplicates;
 * the Set-Cookie that empties the browser's copy is returned. An unreadable cookie is only cleared.
 */
function adoptVisitorFavourites(services: Services, cookieHeader: string | undefined, userId: number, secure: boolean): string[] {
  const { value, discard } = readVisitorFavourites(cookieHeader, secure);
  if (discard) return [discard];
  if (value.length === 0) return [];
  services.favourites.merge(userId, value);
  return [visitorFavouritesCookie([], secure)];
}

export { createServices };
