import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { hashToken } from "../auth/tokens";
import { createAccount } from "./accounts";
import { createSessionsService, SESSION_ABSOLUTE_MS, SESSION_INACTIVITY_MS } from "./sessions";

let t: TestDb;
let userId: number;
const DAY = 24 * 60 * 60 * 1000;
const c = { at: Date.UTC(2026, 10, 22, 12), now: () => c.at };

beforeAll(async () => {
  t = migratedTestDb();
  userId = (await createAccount(t.db, { username: "sam", email: "sam@example.com", password: "secret1" })).id;
});
afterAll(() => t.cleanup());

const row = (id: string) => t.db.select().from(sessions).where(eq(sessions.id, id)).get();

describe("sessions", () => {
  it("stores hex(sha256(token)) as the id, never the token, and finds the user by the token", () => {
    const s = createSessionsService(t.db, { now: c.now });
    const { token, sessionId, expiresAt } = s.create(userId);
    expect(sessionId).toBe(hashToken(token));
    expect(JSON.stringify(t.db.select().from(sessions).all())).not.toContain(token);
    expect(expiresAt).toBe(c.at + SESSION_INACTIVITY_MS);
    expect(row(sessionId)!.absoluteExpiresAt).toBe(c.at + SESSION_ABSOLUTE_MS);
    const valid = s.validate(token)!;
    expect(valid.user).toMatchObject({ id: userId, username: "sam", role: "customer" });
    expect(valid.user).not.toHaveProperty("passwordHash");
    expect(valid.refreshed).toBe(false);
    expect(s.validate(sessionId)).toBeNull(); // the stored id opens nothing
  });

  it("makes a new session every time", () => {
    const s = createSessionsService(t.db, { now: c.now });
    expect(s.create(userId).sessionId).not.toBe(s.create(userId).sessionId);
  });

  it("slides the inactivity deadline once less than half is left, never past the absolute lifetime", () => {
    const start = c.at;
    const s = createSessionsService(t.db, { now: c.now });
    const { token, sessionId } = s.create(userId);
    c.at = start + 3 * DAY;
    expect(s.validate(token)!.refreshed).toBe(false);
    c.at = start + 4 * DAY;
    const slid = s.validate(token)!;
    expect(slid.refreshed).toBe(true);
    expect(slid.expiresAt).toBe(c.at + SESSION_INACTIVITY_MS);
    expect(row(sessionId)!.expiresAt).toBe(c.at + SESSION_INACTIVITY_MS);
    // Keep visiting every 4 days: the session still ends 30 days after sign-in.
    let last = slid;
    while (c.at + 4 * DAY < start + SESSION_ABSOLUTE_MS) {
      c.at += 4 * DAY;
      last = s.validate(token)!;
      expect(last).not.toBeNull();
    }
    expect(last.expiresAt).toBeLessThanOrEqual(start + SESSION_ABSOLUTE_MS);
    c.at = start + SESSION_ABSOLUTE_MS;
    expect(s.validate(token)).toBeNull();
    expect(row(sessionId)).toBeUndefined(); // deleted when met
    c.at = start;
  });

  it("ends after a week without a visit and deletes the row when met", () => {
    const s = createSessionsService(t.db, { now: c.now });
    const { token, sessionId } = s.create(userId);
    c.at += SESSION_INACTIVITY_MS;
    expect(s.validate(token)).toBeNull();
    expect(row(sessionId)).toBeUndefined();
  });

  it("ends one session, every session, or every other session of a user", () => {
    const s = createSessionsService(t.db, { now: c.now });
    const a = s.create(userId);
    const b = s.create(userId);
    const d = s.create(userId);
    s.invalidate(a.sessionId);
    expect(s.validate(a.token)).toBeNull();
    s.invalidateUserSessions(userId, { except: d.sessionId });
    expect(s.validate(b.token)).toBeNull();
    expect(s.validate(d.token)).not.toBeNull();
    s.invalidateUserSessions(userId);
    expect(s.validate(d.token)).toBeNull();
  });

  it("clears out expired sessions when a new one is made", () => {
    const s = createSessionsService(t.db, { now: c.now });
    const old = s.create(userId);
    c.at += SESSION_INACTIVITY_MS + 1;
    s.create(userId);
    expect(row(old.sessionId)).toBeUndefined();
  });

  it("reads a session through the shop's change version: a sign-out or a change of role is seen by the next request", async () => {
    const s = createSessionsService(t.db, { now: c.now });
    const { token, sessionId } = s.create(userId);
    expect(s.validate(token)!.user.role).toBe("customer");
    // A plain connection stands for another process (an owner's script, a second server): its commit shows at once.
    const elsewhere = new Database(t.file);
    elsewhere.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(userId);
    expect(s.validate(token)!.user.role).toBe("admin");
    elsewhere.prepare("DELETE FROM sessions WHERE id = ?").run(sessionId);
    expect(s.validate(token)).toBeNull();
    elsewhere.prepare("UPDATE users SET role = 'customer' WHERE id = ?").run(userId);
    elsewhere.close();
    // This process's own sign-out is seen at once too.
    const again = s.create(userId);
    expect(s.validate(again.token)).not.toBeNull();
    s.invalidate(again.sessionId);
    expect(s.validate(again.token)).toBeNull();
  });
});
