import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, sessions, totpCredentials, users } from "../../db/schema";
import { ConflictError, ForbiddenError, TooManyAttemptsError, ValidationError } from "../../app/domain/shared/errors";
import { codeForStep, parseSecretText, stepAt } from "../../app/domain/two-factor/totp";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createRateLimits, rateLimitTable } from "../auth/rate-limits";
import { createSecretBox } from "../auth/secret-box";
import { createThrottle } from "../auth/throttle";
import { createAuditService } from "./audit";
import { createSessionsService } from "./sessions";
import { createTwoFactorService } from "./two-factor";

let t: TestDb;
let clock = Date.UTC(2026, 10, 22, 12, 0, 0);
const now = () => clock;
const key = crypto.randomBytes(32);
const required = new Set<number>();

function service() {
  return createTwoFactorService(t.db, {
    box: createSecretBox(key),
    key,
    rateLimits: createRateLimits(createThrottle(t.db, { now }), rateLimitTable()),
    audit: createAuditService(t.db),
    requiredFor: (id) => required.has(id),
    now,
  });
}

let n = 0;
function newUser(): { id: number; username: string } {
  n += 1;
  const username = `tfa${n}`;
  return t.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: "x" })
    .returning({ id: users.id, username: users.username })
    .get();
}

/** A user with the second factor on; the key and recovery codes to use it with. */
function enabled(tf = service()) {
  const user = newUser();
  const { secret } = tf.newSecret(user.username);
  const secretKey = parseSecretText(secret)!;
  const { recoveryCodes: codes } = tf.enable(
    { id: user.id, clientIp: "203.0.113.1" },
    { secret, code: codeForStep(secretKey, stepAt(clock)) },
  );
  return { user, secret, secretKey, codes, asker: { id: user.id, clientIp: "203.0.113.1" } };
}

const actions = (userId: number) =>
  t.db
    .select({ action: auditLog.action, area: auditLog.area, ip: auditLog.actorIp })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(userId)))
    .all();

beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());
beforeEach(() => {
  clock += 10 * 60_000;
});

describe("turning it on", () => {
  it("needs a right code for the secret shown, and gives ten recovery codes once", () => {
    const tf = service();
    const user = newUser();
    const { secret, otpauthUri } = tf.newSecret(user.username);
    expect(otpauthUri).toContain(`secret=${secret.replace(/ /g, "")}`);
    const secretKey = parseSecretText(secret)!;
    const asker = { id: user.id, clientIp: "203.0.113.1" };
    expect(() => tf.enable(asker, { secret, code: codeForStep(secretKey, stepAt(clock) - 3) })).toThrow(ValidationError);
    expect(tf.isEnabled(user.id)).toBe(false);
    const { recoveryCodes: codes } = tf.enable(asker, { secret, code: codeForStep(secretKey, stepAt(clock)) });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(tf.isEnabled(user.id)).toBe(true);
    expect(tf.recoveryCodesLeft(user.id)).toBe(10);
    expect(() => tf.enable(asker, { secret, code: codeForStep(secretKey, stepAt(clock) + 1) })).toThrow(ConflictError);
    expect(actions(user.id).map((a) => a.action)).toEqual(["two-factor-enabled"]);
  });

  it("keeps the secret encrypted and the recovery codes only as hashes", () => {
    const { user, secret, codes } = enabled();
    const row = t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id)).get()!;
    const compact = secret.replace(/ /g, "");
    expect(row.secretEncrypted).not.toContain(compact);
    expect(row.secretEncrypted).not.toContain(compact.toLowerCase());
    expect(row.secretEncrypted).not.toContain(Buffer.from(parseSecretText(secret)!).toString("base64"));
    expect(row.secretEncrypted).not.toContain(Buffer.from(parseSecretText(secret)!).toString("hex"));
    const hashes = t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).all();
    expect(hashes).toHaveLength(10);
    const stored = JSON.stringify(hashes);
    for (const c of codes) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replace("-", ""));
    }
    // Another key opens nothing: the database alone is not enough.
    const other = createSecretBox(crypto.randomBytes(32));
    expect(other.open(row.secretEncrypted, `totp:${user.id}`)).toBeNull();
  });
});

describe("the sign-in step", () => {
  it("takes each app code once: the set-up code, and a code used at sign-in, never again", () => {
    const tf = service();
    const { secretKey, asker, user } = enabled(tf);
    const setUpStep = stepAt(clock);
    // The code that turned it on is spent.
    expect(() => tf.completeSignIn(asker, { kind: "totp", code: codeForStep(secretKey, setUpStep) })).toThrow(ValidationError);
    clock += 30_000;
    const code = codeForStep(secretKey, stepAt(clock));
    tf.completeSignIn(asker, { kind: "totp", code });
    expect(() => tf.completeSignIn(asker, { kind: "totp", code })).toThrow(/not right, or it has been used already/);
    // The step before the one used is not taken either, though within the drift.
    clock += 30_000;
    expect(() => tf.completeSignIn(asker, { kind: "totp", code })).toThrow(ValidationError);
    tf.completeSignIn(asker, { kind: "totp", code: codeForStep(secretKey, stepAt(clock)) });
    const row = t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id)).get()!;
    expect(row.lastUsedStep).toBe(stepAt(clock));
    expect(actions(user.id).filter((a) => a.action === "sign-in")).toHaveLength(2);
    expect(actions(user.id).filter((a) => a.action === "two-factor-failed")).toHaveLength(3);
    expect(actions(user.id).every((a) => a.area === "sign-in" && a.ip === "203.0.113.1")).toBe(true);
  });

  it("accepts a code from the step before or after, for clock drift", () => {
    const tf = service();
    const { secretKey, asker } = enabled(tf);
    clock += 60_000;
    tf.completeSignIn(asker, { kind: "totp", code: codeForStep(secretKey, stepAt(clock) - 1) });
    clock += 60_000;
    tf.completeSignIn(asker, { kind: "totp", code: codeForStep(secretKey, stepAt(clock) + 1) });
  });

  it("counts wrong codes per account and address, and refuses past the limit even a right code", () => {
    const tf = service();
    const { secretKey, asker, user } = enabled(tf);
    clock += 60_000;
    const right = codeForStep(secretKey, stepAt(clock));
    const wrong = right === "000000" ? "000001" : "000000";
    for (let i = 0; i < 10; i++) expect(() => tf.completeSignIn(asker, { kind: "totp", code: wrong })).toThrow(ValidationError);
    expect(() => tf.completeSignIn(asker, { kind: "totp", code: right })).toThrow(TooManyAttemptsError);
    expect(() => tf.completeSignIn(asker, { kind: "totp", code: right })).toThrow(/Too many wrong codes\. Try again in/);
    // The owner, from another address, is not locked out by a stranger's guesses.
    tf.completeSignIn({ id: user.id, clientIp: "198.51.100.20" }, { kind: "totp", code: right });
    expect(actions(user.id).filter((a) => a.action === "two-factor-failed")).toHaveLength(10);
  });

  it("takes a recovery code once, whatever its case or dash", () => {
    const tf = service();
    const { codes, asker, user } = enabled(tf);
    const code = codes[3]!;
    tf.completeSignIn(asker, { kind: "recovery", code });
    expect(tf.recoveryCodesLeft(user.id)).toBe(9);
    expect(() => tf.completeSignIn(asker, { kind: "recovery", code })).toThrow(ValidationError);
    expect(() => tf.completeSignIn(asker, { kind: "recovery", code: "AAAAA-AAAAA" })).toThrow(ValidationError);
    // Another account's code is no use here.
    const other = enabled(tf);
    expect(() => tf.completeSignIn(asker, { kind: "recovery", code: other.codes[0]! })).toThrow(ValidationError);
    expect(actions(user.id).map((a) => a.action)).toEqual([
      "two-factor-enabled",
      "recovery-code-used",
      "sign-in",
      "two-factor-failed",
      "two-factor-failed",
      "two-factor-failed",
    ]);
  });
});

describe("recovery codes and turning it off", () => {
  it("makes new recovery codes with a current code; the old ones stop working", () => {
    const tf = service();
    const { codes, secretKey, asker } = enabled(tf);
    clock += 30_000;
    const fresh = tf.regenerateRecoveryCodes(asker, codeForStep(secretKey, stepAt(clock))).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(() => tf.completeSignIn(asker, { kind: "recovery", code: codes[0]! })).toThrow(ValidationError);
    tf.completeSignIn(asker, { kind: "recovery", code: fresh[0]! });
  });

  it("turns off with a recovery code, except for a role that needs it", () => {
    const tf = service();
    const customer = enabled(tf);
    tf.disable(customer.asker, { kind: "recovery", code: customer.codes[0]! });
    expect(tf.isEnabled(customer.user.id)).toBe(false);
    expect(t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id)).all()).toEqual([]);
    expect(actions(customer.user.id).at(-1)?.action).toBe("two-factor-disabled");

    const owner = enabled(tf);
    required.add(owner.user.id);
    expect(() => owner && tf.disable(owner.asker, { kind: "recovery", code: owner.codes[0]! })).toThrow(ForbiddenError);
    expect(tf.isEnabled(owner.user.id)).toBe(true);
    expect(tf.recoveryCodesLeft(owner.user.id)).toBe(10);
  });

  it("is removed by the server command, with every session, and logged", () => {
    const tf = service();
    const { user } = enabled(tf);
    const sessionsService = createSessionsService(t.db);
    sessionsService.create(user.id, { twoFactorVerified: true });
    sessionsService.create(user.id);
    const result = tf.resetByCommand(user.username.toUpperCase(), "server command");
    expect(result).toEqual({ userId: user.id, hadTwoFactor: true, sessionsEnded: 2 });
    expect(tf.isEnabled(user.id)).toBe(false);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    const last = t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)))
      .all()
      .at(-1)!;
    expect([last.action, last.actorName, last.actorId]).toEqual(["two-factor-reset", "server command", null]);
    expect(tf.resetByCommand("nobody-by-this-name", "server command")).toBeNull();
  });
});

describe("sessions of an account with a second factor", () => {
  it("stay pending until the step is passed", () => {
    const { user } = enabled();
    const sessionsService = createSessionsService(t.db);
    const pending = sessionsService.create(user.id);
    expect(sessionsService.validate(pending.token)?.pendingTwoFactor).toBe(true);
    const verified = sessionsService.create(user.id, { twoFactorVerified: true });
    expect(sessionsService.validate(verified.token)?.pendingTwoFactor).toBe(false);
  });
});
