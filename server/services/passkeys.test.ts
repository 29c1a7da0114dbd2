import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, passkeys, users, webauthnChallenges } from "../../db/schema";
import { ConflictError, NotFoundError, TooManyAttemptsError, ValidationError } from "../../app/domain/shared/errors";
import { PASSKEY_CHALLENGE_TTL_MS } from "../../app/domain/two-factor/passkeys";
import { codeForStep, parseSecretText, stepAt } from "../../app/domain/two-factor/totp";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createRateLimits, rateLimitTable } from "../auth/rate-limits";
import { createSecretBox } from "../auth/secret-box";
import { createThrottle } from "../auth/throttle";
import { createAuditService } from "./audit";
import { createPasskeysService } from "./passkeys";
import { createTwoFactorService } from "./two-factor";
import { softwareAuthenticator } from "../../tests/setup/software-authenticator";

const ORIGIN = "https://shop.needledrop.test";
const RP_ID = "shop.needledrop.test";
const authenticator = (origin: string) => softwareAuthenticator({ origin });

let t: TestDb;
let clock = Date.UTC(2026, 10, 29, 12, 0, 0);
const now = () => clock;
const key = crypto.randomBytes(32);

function services() {
  const rateLimits = createRateLimits(createThrottle(t.db, { now }), rateLimitTable());
  const audit = createAuditService(t.db);
  const twoFactor = createTwoFactorService(t.db, { box: createSecretBox(key), key, rateLimits, audit, now });
  const passkeys = createPasskeysService(t.db, {
    origin: ORIGIN,
    rateLimits,
    audit,
    hasTwoFactor: (id) => twoFactor.isEnabled(id),
    now,
  });
  return { twoFactor, passkeys };
}

let n = 0;
function newUser(withApp = true) {
  n += 1;
  const username = `pk${n}`;
  const user = t.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: "x" })
    .returning({ id: users.id, username: users.username })
    .get();
  const asker = { id: user.id, clientIp: "203.0.113.9" };
  if (!withApp) return { ...user, asker, recoveryCodes: [] };
  const { twoFactor } = services();
  const { secret } = twoFactor.newSecret(username);
  const { recoveryCodes } = twoFactor.enable(asker, { secret, code: codeForStep(parseSecretText(secret)!, stepAt(clock)) });
  return { ...user, asker, recoveryCodes };
}

/** A person with the app on and one passkey added through the real ceremony. */
async function withPasskey() {
  const { passkeys: service } = services();
  const user = newUser();
  const device = authenticator(ORIGIN);
  const options = await service.registrationOptions(user);
  const added = await service.register(user.asker, device.attest(options.challenge));
  return { user, device, added, service };
}

const actions = (userId: number) =>
  t.db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(userId)))
    .all();

beforeAll(() => {
  t = migratedTestDb();
});
afterAll(() => t.cleanup());
beforeEach(() => {
  clock += 60 * 60_000;
});

describe("adding a passkey", () => {
  it("needs the authenticator app first", async () => {
    const { passkeys: service } = services();
    const user = newUser(false);
    await expect(service.registrationOptions(user)).rejects.toThrow(ConflictError);
    await expect(service.register(user.asker, authenticator(ORIGIN).attest("abc"))).rejects.toThrow(ConflictError);
  });

  it("offers options for the configured relying party and keeps a verified passkey's public key", async () => {
    const { passkeys: service } = services();
    const user = newUser();
    const options = await service.registrationOptions(user);
    expect(options.rp).toEqual({ name: "Needledrop", id: RP_ID });
    expect(options.user.name).toBe(user.username);
    const device = authenticator(ORIGIN);
    const added = await service.register(user.asker, device.attest(options.challenge));
    expect(added.name).toBe("Passkey added 29 Nov 2026");
    expect(service.list(user.id)).toEqual([added]);
    const row = t.db.select().from(passkeys).where(eq(passkeys.id, added.id)).get()!;
    expect(row).toMatchObject({ credentialId: device.id, counter: 0, transports: ["internal"] });
    expect(Buffer.from(row.publicKey, "base64url")[0]).toBe(0xa5);
    expect(actions(user.id).map((a) => a.action)).toEqual(["two-factor-enabled", "passkey-added"]);
    // A later ceremony excludes it, so a device does not add the same passkey twice.
    expect((await service.registrationOptions(user)).excludeCredentials).toEqual([
      { id: device.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("uses a challenge once, and not after five minutes", async () => {
    const { passkeys: service } = services();
    const user = newUser();
    const device = authenticator(ORIGIN);
    const options = await service.registrationOptions(user);
    await service.register(user.asker, device.attest(options.challenge));
    // The same answer again: its challenge is gone.
    await expect(service.register(user.asker, authenticator(ORIGIN).attest(options.challenge))).rejects.toThrow(ValidationError);
    const late = await service.registrationOptions(user);
    clock += PASSKEY_CHALLENGE_TTL_MS;
    await expect(service.register(user.asker, authenticator(ORIGIN).attest(late.challenge))).rejects.toThrow(ValidationError);
    expect(t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id)).all()).toEqual([]);
    expect(service.list(user.id)).toHaveLength(1);
  });

  it("refuses an answer for another origin, another site or another challenge", async () => {
    const { passkeys: service } = services();
    const user = newUser();
    let options = await service.registrationOptions(user);
    await expect(
      service.register(user.asker, authenticator(ORIGIN).attest(options.challenge, "https://evil.test")),
    ).rejects.toThrow(ValidationError);
    options = await service.registrationOptions(user);
    await expect(
      service.register(user.asker, softwareAuthenticator({ origin: ORIGIN, rpId: "evil.test" }).attest(options.challenge)),
    ).rejects.toThrow(ValidationError);
    await service.registrationOptions(user);
    await expect(service.register(user.asker, authenticator(ORIGIN).attest("bm90LXRoZS1jaGFsbGVuZ2U"))).rejects.toThrow(
      ValidationError,
    );
    // Garbage where the attestation should be is a refusal too, never a crash.
    const options2 = await service.registrationOptions(user);
    const junk = authenticator(ORIGIN).attest(options2.challenge);
    junk.response.attestationObject = "AAAA";
    await expect(service.register(user.asker, junk)).rejects.toThrow(ValidationError);
    expect(service.list(user.id)).toEqual([]);
  });
});

describe("the sign-in step with a passkey", () => {
  it("accepts a signature over the live challenge, once, and notes its use", async () => {
    const { user, device, added, service } = await withPasskey();
    const options = await service.authenticationOptions(user.id);
    expect(options.rpId).toBe(RP_ID);
    expect(options.allowCredentials).toEqual([{ id: device.id, type: "public-key", transports: ["internal"] }]);
    const answer = device.assert(options.challenge);
    await service.completeSignIn(user.asker, answer);
    const row = t.db.select().from(passkeys).where(eq(passkeys.id, added.id)).get()!;
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    const logged = actions(user.id).at(-1)!;
    expect(logged.action).toBe("sign-in");
    expect(JSON.stringify(logged.after)).toContain('"secondFactor":"passkey"');
    // Replayed: the challenge was used up.
    await expect(service.completeSignIn(user.asker, answer)).rejects.toThrow(ValidationError);
  });

  it("refuses a wrong key, a wrong origin, an old challenge and another person's passkey, logging each", async () => {
    const { user, device, service } = await withPasskey();
    const other = await withPasskey();
    const stranger = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    let options = await service.authenticationOptions(user.id);
    await expect(service.completeSignIn(user.asker, device.assert(options.challenge, { signer: stranger }))).rejects.toThrow(
      ValidationError,
    );
    options = await service.authenticationOptions(user.id);
    await expect(
      service.completeSignIn(user.asker, device.assert(options.challenge, { from: "https://evil.test" })),
    ).rejects.toThrow(ValidationError);
    options = await service.authenticationOptions(user.id);
    clock += PASSKEY_CHALLENGE_TTL_MS;
    await expect(service.completeSignIn(user.asker, device.assert(options.challenge))).rejects.toThrow(ValidationError);
    options = await service.authenticationOptions(user.id);
    await expect(service.completeSignIn(user.asker, other.device.assert(options.challenge))).rejects.toThrow(ValidationError);
    expect(actions(user.id).filter((a) => a.action === "two-factor-failed")).toHaveLength(4);
    // The right passkey still works.
    options = await service.authenticationOptions(user.id);
    await service.completeSignIn(user.asker, device.assert(options.challenge));
  });

  it("counts failures against the same limits as wrong codes", async () => {
    const { user, device, service } = await withPasskey();
    const { twoFactor } = services();
    for (let i = 0; i < 10; i += 1) {
      await expect(service.completeSignIn(user.asker, device.assert("bm9wZQ"))).rejects.toThrow(ValidationError);
    }
    const options = await service.authenticationOptions(user.id);
    await expect(service.completeSignIn(user.asker, device.assert(options.challenge))).rejects.toThrow(TooManyAttemptsError);
    expect(() => twoFactor.completeSignIn(user.asker, { kind: "totp", code: "000000" })).toThrow(TooManyAttemptsError);
  });

  it("has no options for an account without a passkey", async () => {
    const { passkeys: service } = services();
    const user = newUser();
    expect(service.has(user.id)).toBe(false);
    await expect(service.authenticationOptions(user.id)).rejects.toThrow(ConflictError);
  });
});

describe("removing passkeys", () => {
  it("removes only the person's own, and logs it", async () => {
    const { user, added, service } = await withPasskey();
    const other = newUser();
    expect(() => service.remove(other.asker, added.id)).toThrow(NotFoundError);
    expect(service.list(user.id)).toHaveLength(1);
    service.remove(user.asker, added.id);
    expect(service.list(user.id)).toEqual([]);
    expect(actions(user.id).at(-1)).toMatchObject({ action: "passkey-removed" });
    expect(() => service.remove(user.asker, added.id)).toThrow(NotFoundError);
  });

  it("go with the authenticator app when the reset command removes it", async () => {
    const { user, service } = await withPasskey();
    services().twoFactor.resetByCommand(user.username, "server command");
    expect(service.list(user.id)).toEqual([]);
  });

  it("go with the authenticator app when two-factor sign-in is turned off", async () => {
    const { user, service } = await withPasskey();
    const { twoFactor } = services();
    await service.authenticationOptions(user.id);
    twoFactor.disable(user.asker, { kind: "recovery", code: user.recoveryCodes[0]! });
    expect(service.list(user.id)).toEqual([]);
    expect(t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id)).all()).toEqual([]);
  });
});
