import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, sql } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { passkeys, users, webauthnChallenges } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import {
  challengeIsLive,
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_FAILED,
  passkeyName,
  type AuthenticationResponseBody,
  type RegistrationResponseBody,
} from "../../app/domain/two-factor/passkeys";
import { countSecondFactorAttempt } from "../auth/second-factor-attempts";
import type { RateLimits } from "../auth/rate-limits";
import type { AuditService } from "./audit";
import type { TwoFactorAsker } from "./two-factor";

export interface PasskeysDeps {
  /**
   * The shop's public origin, from configuration (PUBLIC_ORIGIN, else http://localhost:PORT): the only origin a
   * ceremony may come from, and its host name is the relying party id. Never taken from a request's headers.
   */
  origin: string;
  rateLimits: RateLimits;
  audit: AuditService;
  /** Whether the person has an authenticator app: a passkey is added only on top of it (so recovery codes exist). */
  hasTwoFactor: (userId: number) => boolean;
  now?: () => number;
}

/** A passkey as the person's list shows it. */
export interface PasskeySummary {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type Purpose = "register" | "authenticate";

const AREA = "sign-in";
const RP_NAME = "Needledrop";
const NEEDS_APP = "Turn on two-factor sign-in with an authenticator app before adding a passkey.";

const toBytes = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
const toText = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const asTransports = (list: string[]) => list as AuthenticatorTransportFuture[];

/**
 * Passkeys as a second way past the sign-in step, on top of the authenticator app (whose recovery codes stay the way
 * back in). Only public keys are kept. Each ceremony's challenge is kept five minutes for one answer: verifying takes
 * it away first, whatever the outcome. A passkey that fails the sign-in step counts against the same limits as a
 * wrong code.
 */
export function createPasskeysService(db: Db, deps: PasskeysDeps) {
  const { rateLimits: limits, audit } = deps;
  const now = deps.now ?? Date.now;
  const expectedOrigin = new URL(deps.origin).origin;
  const rpID = new URL(deps.origin).hostname;

  function actorFor(userId: number, clientIp: string): Actor {
    const row = db.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
    if (!row) throw new NotFoundError("That account no longer exists.");
    return { id: userId, username: row.username, ip: clientIp };
  }

  function rowsOf(userId: number) {
    return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id)).all();
  }

  /** A new challenge for the person and purpose replaces any older one. */
  function keepChallenge(userId: number, purpose: Purpose, challenge: string): void {
    const expiresAt = now() + PASSKEY_CHALLENGE_TTL_MS;
    db.insert(webauthnChallenges)
      .values({ userId, purpose, challenge, expiresAt })
      .onConflictDoUpdate({ target: [webauthnChallenges.userId, webauthnChallenges.purpose], set: { challenge, expiresAt } })
      .run();
  }

  /** Takes the challenge away (single use, even when the answer turns out wrong); null when none is live. */
  function takeChallenge(userId: number, purpose: Purpose): string | null {
    const row = db
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)))
      .returning()
      .get();
    return row && challengeIsLive(row.expiresAt, now()) ? row.challenge : null;
  }

  async function checkAssertion(asker: TwoFactorAsker, body: AuthenticationResponseBody) {
    const challenge = takeChallenge(asker.id, "authenticate");
    if (!challenge) return null;
    // Only the person's own passkeys: someone else's credential id is as good as none.
    const row = db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, asker.id), eq(passkeys.credentialId, body.id)))
      .get();
    if (!row) return null;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: body as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: row.credentialId,
          publicKey: toBytes(row.publicKey),
          counter: row.counter,
          transports: asTransports(row.transports),
        },
        // A second factor after the password: having the device is what counts, as with the app's code.
        requireUserVerification: false,
      });
      return verified ? { row, newCounter: authenticationInfo.newCounter } : null;
    } catch {
      // A malformed or forged answer (bad signature, wrong origin, a counter gone backwards) is a wrong answer.
      return null;
    }
  }

  return {
    list(userId: number): PasskeySummary[] {
      return rowsOf(userId).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }));
    },

    /** The person has a passkey to offer at the sign-in step. */
    has(userId: number): boolean {
      return db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).get() !== undefined;
    },

    /** Options for navigator.credentials.create(); the person's passkeys are excluded (no second copy on a device). */
    async registrationOptions(user: { id: number; username: string }): Promise<PublicKeyCredentialCreationOptionsJSON> {
      if (!deps.hasTwoFactor(user.id)) throw new ConflictError(NEEDS_APP);
      const existing = rowsOf(user.id);
      if (existing.length >= MAX_PASSKEYS) throw new ConflictError(`You can keep up to ${MAX_PASSKEYS} passkeys.`);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.username,
        userDisplayName: user.username,
        attestationType: "none",
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      keepChallenge(user.id, "register", options.challenge);
      return options;
    },

    /** Keeps the new passkey when its attestation answers this person's live challenge. */
    async register(asker: TwoFactorAsker, body: RegistrationResponseBody): Promise<PasskeySummary> {
      if (!deps.hasTwoFactor(asker.id)) throw new ConflictError(NEEDS_APP);
      const challenge = takeChallenge(asker.id, "register");
      if (!challenge) throw new ValidationError(PASSKEY_FAILED);
      let credential;
      try {
        const result = await verifyRegistrationResponse({
          response: body as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
        if (!result.verified) throw new Error("not verified");
        credential = result.registrationInfo.credential;
      } catch {
        throw new ValidationError(PASSKEY_FAILED);
      }
      const actor = actorFor(asker.id, asker.clientIp);
      const name = passkeyName(new Date(now()));
      return writeTransaction(db, () => {
        const taken = db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id)).get();
        if (taken) throw new ConflictError("That passkey has been added already.");
        if (rowsOf(asker.id).length >= MAX_PASSKEYS) throw new ConflictError(`You can keep up to ${MAX_PASSKEYS} passkeys.`);
        const row = db
          .insert(passkeys)
          .values({
            userId: asker.id,
            credentialId: credential.id,
            publicKey: toText(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name,
          })
          .returning()
          .get();
        audit.record(actor, { entityType: "account", entityId: asker.id, action: "passkey-added", area: AREA, after: { name } });
        return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
      });
    },

    /** Options for navigator.credentials.get() at the sign-in step, naming the person's passkeys. */
    async authenticationOptions(userId: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const existing = rowsOf(userId);
      if (existing.length === 0) throw new ConflictError("There is no passkey on this account; enter a code instead.");
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: existing.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
        userVerification: "preferred",
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      keepChallenge(userId, "authenticate", options.challenge);
      return options;
    },

    /**
     * The sign-in step with a passkey, for the account whose password was right. Counted against the limits first (a
     * refusal past them is a 429 before any check); logged either way. Throws ValidationError when refused.
     */
    async completeSignIn(asker: TwoFactorAsker, body: AuthenticationResponseBody): Promise<void> {
      const attempt = countSecondFactorAttempt(limits, asker);
      const passed = await checkAssertion(asker, body);
      if (!passed) {
        audit.record(actorFor(asker.id, asker.clientIp), {
          entityType: "account",
          entityId: asker.id,
          action: "two-factor-failed",
          area: AREA,
          after: { secondFactor: "passkey" },
        });
        throw new ValidationError(PASSKEY_FAILED);
      }
      attempt.passed();
      const { row, newCounter } = passed;
      db.update(passkeys)
        .set({ counter: newCounter, lastUsedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
        .where(eq(passkeys.id, row.id))
        .run();
      audit.record(actorFor(asker.id, asker.clientIp), {
        entityType: "account",
        entityId: asker.id,
        action: "sign-in",
        area: AREA,
        after: { secondFactor: "passkey", passkey: row.name },
      });
    },

    /** Removes one of the person's own passkeys; another person's (or a gone one) is NotFound. */
    remove(asker: TwoFactorAsker, passkeyId: number): void {
      const actor = actorFor(asker.id, asker.clientIp);
      writeTransaction(db, () => {
        const row = db
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, asker.id)))
          .returning()
          .get();
        if (!row) throw new NotFoundError("That passkey is not on your account.");
        audit.record(actor, {
          entityType: "account",
          entityId: asker.id,
          action: "passkey-removed",
          area: AREA,
          before: { name: row.name },
        });
      });
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
