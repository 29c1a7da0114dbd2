import { and, eq, lte, ne, sql } from "drizzle-orm";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { sessions, totpCredentials, users, type UserRow } from "../../db/schema";
import { digestMatchesHash, generateToken, hashToken, sha256Bytes } from "../auth/tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Signed out after a week without a visit; the deadline slides forward with activity. */
export const SESSION_INACTIVITY_MS = 7 * DAY_MS;
/** Signed out 30 days after signing in, however active. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** Staff (back-office accounts) are signed out sooner: after 8 hours without a visit, and 7 days after signing in. */
export const STAFF_SESSION_INACTIVITY_MS = 8 * 60 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 7 * DAY_MS;
/**
 * How stale a session's "last seen" may get before a request writes it again. Every write moves the shop's change
 * version, which every read cache and the visitor page cache are checked against: an hour keeps one signed-in
 * browser to one such write an hour, and "last seen" is told to the hour.
 */
const LAST_SEEN_EVERY_MS = 60 * 60 * 1000;

function lifetimesFor(role: string): { inactivity: number; absolute: number } {
  return role === "admin"
    ? { inactivity: STAFF_SESSION_INACTIVITY_MS, absolute: STAFF_SESSION_ABSOLUTE_MS }
    : { inactivity: SESSION_INACTIVITY_MS, absolute: SESSION_ABSOLUTE_MS };
}

/** What the server tells anyone about the signed-in user: never the password hash or payment ids. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  role: "customer" | "admin";
  firstName: string | null;
  lastName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  phone: string | null;
  favoriteGenres: string[];
  createdAt: string;
}

export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  address: users.address,
  city: users.city,
  state: users.state,
  zipCode: users.zipCode,
  country: users.country,
  phone: users.phone,
  favoriteGenres: users.favoriteGenres,
  createdAt: users.createdAt,
};

export function toSessionUser(row: SessionUser | UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    phone: row.phone,
    favoriteGenres: row.favoriteGenres,
    createdAt: row.createdAt,
  };
}

/** Where a sign-in came from, for the person's list of their sessions. */
export interface SessionOrigin {
  userAgent?: string | null;
  ipAddress?: string | null;
  /** The sign-in included a second factor (a TOTP code, a recovery code). */
  twoFactorVerified?: boolean;
}

export interface NewSession {
  /** The secret for the cookie. Returned once, never stored. */
  token: string;
  sessionId: string;
  expiresAt: number;
}

export interface ValidSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: number;
  /** The inactivity deadline moved: send the cookie again with the new Max-Age. */
  refreshed: boolean;
  /**
   * The account has a second factor and this session has not yet passed it: the person is not signed in until
   * they do (the session only opens the two-factor step).
   */
  pendingTwoFactor: boolean;
}

/** Sessions in the style of the Lucia guide: the cookie holds a random token, the table its SHA-256. */
export function createSessionsService(db: Db, { now = Date.now }: { now?: () => number } = {}) {
  const byId = db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      twoFactorVerifiedAt: sessions.twoFactorVerifiedAt,
      lastSeenAt: sessions.lastSeenAt,
      deactivatedAt: users.deactivatedAt,
      hasTotp: totpCredentials.userId,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(totpCredentials, eq(totpCredentials.userId, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  // A signed-in shopper's every page reads their session: read through the shop's change version (decision 50), so
  // a sign-out, a password change or a slid deadline (all writes) is seen by the next request. Keyed by the
  // token's hash, as the table is, never by the token.
  const cachedRow = createReadCache(db, { max: 1_024 });

  return {
    /** A new session for every sign-in (never a reused one). Also clears out expired sessions. */
    create(userId: number, origin: SessionOrigin = {}): NewSession {
      const at = now();
      const token = generateToken();
      const sessionId = hashToken(token);
      const role = db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get()?.role ?? "customer";
      const lifetimes = lifetimesFor(role);
      const expiresAt = at + lifetimes.inactivity;
      db.delete(sessions).where(lte(sessions.expiresAt, at)).run();
      db.insert(sessions)
        .values({
          id: sessionId,
          userId,
          expiresAt,
          absoluteExpiresAt: at + lifetimes.absolute,
          twoFactorVerifiedAt: origin.twoFactorVerified ? at : null,
          userAgent: origin.userAgent?.slice(0, 300) ?? null,
          ipAddress: origin.ipAddress?.slice(0, 64) ?? null,
          lastSeenAt: at,
        })
        .run();
      db.update(users)
        .set({ lastSignInAt: new Date(at).toISOString() })
        .where(eq(users.id, userId))
        .run();
      return { token, sessionId, expiresAt };
    },

    /** The session a token opens, or null. An expired session is deleted when met. */
    validate(token: string): ValidSession | null {
      const at = now();
      const digest = sha256Bytes(token);
      const id = encodeHexLowerCase(digest);
      const row = cachedRow(id, () => byId.get({ id }) ?? null);
      if (!row || !digestMatchesHash(digest, row.id)) return null;
      // A deactivated member of staff has no sessions (deactivating ends them); this covers one made meanwhile.
      if (at >= row.expiresAt || at >= row.absoluteExpiresAt || row.deactivatedAt) {
        db.delete(sessions).where(eq(sessions.id, row.id)).run();
        return null;
      }
      const pendingTwoFactor = row.hasTotp !== null && row.twoFactorVerifiedAt === null;
      let expiresAt = row.expiresAt;
      let refreshed = false;
      const { inactivity } = lifetimesFor(row.user.role);
      // Slide the inactivity deadline once less than half of it is left (one write per half-lifetime, not per request).
      if (!pendingTwoFactor && expiresAt - at < inactivity / 2) {
        const next = Math.min(at + inactivity, row.absoluteExpiresAt);
        if (next > expiresAt) {
          expiresAt = next;
          refreshed = true;
          db.update(sessions).set({ expiresAt, lastSeenAt: at }).where(eq(sessions.id, row.id)).run();
        }
      } else if (!pendingTwoFactor && (row.lastSeenAt === null || at - row.lastSeenAt > LAST_SEEN_EVERY_MS)) {
        db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, row.id)).run();
      }
      return { user: toSessionUser(row.user), sessionId: row.id, expiresAt, refreshed, pendingTwoFactor };
    },

    /** The sessions a person has open, newest activity first (for their profile's list). */
    listForUser(
      userId: number,
    ): { id: string; userAgent: string | null; ipAddress: string | null; lastSeenAt: number | null; createdAt: string }[] {
      const at = now();
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          lastSeenAt: sessions.lastSeenAt,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .all()
        .filter((s) => s.expiresAt > at && s.absoluteExpiresAt > at)
        .sort((a, b) => (b.lastSeenAt ?? 0) - (a.lastSeenAt ?? 0))
        .map(({ id, userAgent, ipAddress, lastSeenAt, createdAt }) => ({ id, userAgent, ipAddress, lastSeenAt, createdAt }));
    },

    /** Ends one of a person's sessions (only their own: the id must belong to `userId`). */
    invalidateOwn(userId: number, sessionId: string): boolean {
      return (
        db
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
          .run().changes > 0
      );
    },

    /** Seconds a cookie for a session expiring at `expiresAt` should live. */
    maxAgeSeconds(expiresAt: number): number {
      return Math.max(0, Math.floor((expiresAt - now()) / 1000));
    },

    /** Signs out one session (logout). */
    invalidate(sessionId: string): void {
      db.delete(sessions).where(eq(sessions.id, sessionId)).run();
    },

    /** Ends every session of a user, or every one but `except` (the session that changed the password). */
    invalidateUserSessions(userId: number, { except }: { except?: string | null } = {}): number {
      const where = except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId);
      return db.delete(sessions).where(where).run().changes;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
