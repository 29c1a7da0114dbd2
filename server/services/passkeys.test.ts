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

const ORIGIN = "https://shop.needledrop.test";
const RP_ID = "shop.needledrop.test";

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

// --- A software authenticator: an ES256 key, a "none" attestation and assertions, built as the WebAuthn spec says. ---

const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");
const u16 = (v: number) => Buffer.from([v >> 8, v & 0xff]);
const u32 = (v: number) => Buffer.from([(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
/** A CBOR byte string (lengths below 65,536) and a short text string. */
const cborBytes = (b: Buffer) =>
  Buffer.concat([
    b.length < 24
      ? Buffer.from([0x40 | b.length])
      : b.length < 256
        ? Buffer.from([0x58, b.length])
        : Buffer.concat([Buffer.from([0x59]), u16(b.length)]),
    b,
  ]);
const cborText = (s: string) => Buffer.concat([Buffer.from([0x60 | s.length]), Buffer.from(s)]);

function authenticator(rpId = RP_ID) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = crypto.randomBytes(16);
  let counter = 0;
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const coseKey = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(Buffer.from(jwk.x!, "base64url")),
    Buffer.from([0x22]),
    cborBytes(Buffer.from(jwk.y!, "base64url")),
  ]);
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id: b64url(credentialId),
    attest(challenge: string, origin = ORIGIN) {
      // flags: user present, user verified, attested credential data
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]),
        u32(0),
        Buffer.alloc(16),
        u16(credentialId.length),
        credentialId,
        coseKey,
      ]);
      const attestationObject = Buffer.concat([
        Buffer.from([0xa3]),
        cborText("fmt"),
        cborText("none"),
        cborText("attStmt"),
        Buffer.from([0xa0]),
        cborText("authData"),
        cborBytes(authData),
      ]);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
      };
    },
    assert(challenge: string, { origin = ORIGIN, signer = privateKey }: { origin?: string; signer?: crypto.KeyObject } = {}) {
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), u32(counter)]);
      const clientDataJSON = clientData("webauthn.get", challenge, origin);
      const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), signer);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      };
    },
  };
}

/** A person with the app on and one passkey added through the real ceremony. */
async function withPasskey() {
  const { passkeys: service } = services();
  const user = newUser();
  const device = authenticator();
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
    await expect(service.register(user.asker, authenticator().attest("abc"))).rejects.toThrow(ConflictError);
  });

  it("offers options for the configured relying party and keeps a verified passkey's public key", async () => {
    const { passkeys: service } = services();
    const user = newUser();
    const options = await service.registrationOptions(user);
    expect(options.rp).toEqual({ name: "Needledrop", id: RP_ID });
    expect(options.user.name).toBe(user.username);
    const device = authenticator();
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
    const device = authenticator();
    const options = await service.registrationOptions(user);
    await service.register(user.asker, device.attest(options.challenge));
    // The same answer again: its challenge is gone.
    await expect(service.register(user.asker, authenticator().attest(options.challenge))).rejects.toThrow(ValidationError);
    const late = await service.registrationOptions(user);
    clock += PASSKEY_CHALLENGE_TTL_MS;
    await expect(service.register(user.asker, authenticator().attest(late.challenge))).rejects.toThrow(ValidationError);
    expect(t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id)).all()).toEqual([]);
    expect(service.list(user.id)).toHaveLength(1);
  });

  it("refuses an answer for another origin, another site or another challenge", async () => {
    const { passkeys: service } = services();
    const user = newUser();
    let options = await service.registrationOptions(user);
    await expect(service.register(user.asker, authenticator().attest(options.challenge, "https://evil.test"))).rejects.toThrow(
      ValidationError,
    );
    options = await service.registrationOptions(user);
    await expect(service.register(user.asker, authenticator("evil.test").attest(options.challenge))).rejects.toThrow(
      ValidationError,
    );
    await service.registrationOptions(user);
    await expect(service.register(user.asker, authenticator().attest("bm90LXRoZS1jaGFsbGVuZ2U"))).rejects.toThrow(
      ValidationError,
    );
    // Garbage where the attestation should be is a refusal too, never a crash.
    const options2 = await service.registrationOptions(user);
    const junk = authenticator().attest(options2.challenge);
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
      service.completeSignIn(user.asker, device.assert(options.challenge, { origin: "https://evil.test" })),
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
