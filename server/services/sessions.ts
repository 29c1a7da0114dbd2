import { and, eq, lte, ne, sql } from "drizzle-orm";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { sessions, users, type UserRow } from "../../db/schema";
import { digestMatchesHash, generateToken, hashToken, sha256Bytes } from "../auth/tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Signed out after a week without a visit; the deadline slides forward with activity. */
export const SESSION_INACTIVITY_MS = 7 * DAY_MS;
/** Signed out 30 days after signing in, however active. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;

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
}

/** Sessions in the style of the Lucia guide: the cookie holds a random token, the table its SHA-256. */
export function createSessionsService(db: Db, { now = Date.now }: { now?: () => number } = {}) {
  const byId = db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare();
  // A signed-in shopper's every page reads their session: read through the shop's change version (decision 50), so
  // a sign-out, a password change or a slid deadline (all writes) is seen by the next request. Keyed by the
  // token's hash, as the table is, never by the token.
  const cachedRow = createReadCache(db, { max: 1_024 });

  return {
    /** A new session for every sign-in (never a reused one). Also clears out expired sessions. */
    create(userId: number): NewSession {
      const at = now();
      const token = generateToken();
      const sessionId = hashToken(token);
      const expiresAt = at + SESSION_INACTIVITY_MS;
      db.delete(sessions).where(lte(sessions.expiresAt, at)).run();
      db.insert(sessions)
        .values({ id: sessionId, userId, expiresAt, absoluteExpiresAt: at + SESSION_ABSOLUTE_MS })
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
      if (at >= row.expiresAt || at >= row.absoluteExpiresAt) {
        db.delete(sessions).where(eq(sessions.id, row.id)).run();
        return null;
      }
      let expiresAt = row.expiresAt;
      let refreshed = false;
      // Slide the inactivity deadline once less than half of it is left (one write per half-week, not per request).
      if (expiresAt - at < SESSION_INACTIVITY_MS / 2) {
        const next = Math.min(at + SESSION_INACTIVITY_MS, row.absoluteExpiresAt);
        if (next > expiresAt) {
          expiresAt = next;
          refreshed = true;
          db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.id)).run();
        }
      }
      return { user: toSessionUser(row.user), sessionId: row.id, expiresAt, refreshed };
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
