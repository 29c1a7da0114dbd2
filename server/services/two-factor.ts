import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { countSecondFactorAttempt } from "../auth/second-factor-attempts";
import { passkeys, recoveryCodes, sessions, totpCredentials, users, webauthnChallenges } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { RECOVERY_CODE_BYTES, RECOVERY_CODE_COUNT, recoveryCodeFrom } from "../../app/domain/two-factor/recovery-codes";
import { WRONG_CODE, type SecondFactor } from "../../app/domain/two-factor/schemas";
import { acceptedStep, otpauthUri, parseSecretText, secretText, TOTP_KEY_BYTES } from "../../app/domain/two-factor/totp";
import type { RateLimits } from "../auth/rate-limits";
import type { SecretBox } from "../auth/secret-box";
import type { AuditService } from "./audit";

export interface TwoFactorDeps {
  /** Seals the app's secret with the shop's key (server/auth/secret-box.ts). */
  box: SecretBox;
  /** The shop's key, for the recovery codes' keyed hashes. */
  key: Uint8Array;
  rateLimits: RateLimits;
  audit: AuditService;
  /** Whether the person's staff role needs a second factor (then it cannot be turned off). */
  requiredFor?: (userId: number) => boolean;
  now?: () => number;
}

/** Who is asking, as the audit log names them. */
export interface TwoFactorAsker {
  id: number;
  clientIp: string;
}

/** Where a sign-in or a change to the second factor is filed in the audit log. */
const AREA = "sign-in";

/** The associated data a secret is sealed with: it opens only on its owner's row. */
const purposeOf = (userId: number) => `totp:${userId}`;

/**
 * A person's second factor: an authenticator app (TOTP) and ten single-use recovery codes. The app's secret is kept
 * sealed with the shop's key; a recovery code only as its HMAC-SHA-256 under that key (a stolen database alone gives
 * neither). Every code is counted against the same kind of limits as passwords, and each is accepted once: an app
 * code only for a time step after the last one used, a recovery code until it is used.
 */
export function createTwoFactorService(db: Db, deps: TwoFactorDeps) {
  const { box, rateLimits: limits, audit } = deps;
  const now = deps.now ?? Date.now;
  const hmacKey = Buffer.from(deps.key);

  const recoveryHash = (userId: number, code: string) =>
    crypto.createHmac("sha256", hmacKey).update(`recovery:${userId}:${code}`).digest("hex");

  function credential(userId: number) {
    return db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).get();
  }

  function actorFor(userId: number, clientIp: string): Actor {
    const row = db.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
    if (!row) throw new NotFoundError("That account no longer exists.");
    return { id: userId, username: row.username, ip: clientIp };
  }

  /** Ten new codes replace every older one (inside the caller's transaction); returned as shown, once. */
  function replaceRecoveryCodes(userId: number): string[] {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFrom(crypto.randomBytes(RECOVERY_CODE_BYTES)));
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    db.insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code) })))
      .run();
    return codes;
  }

  /** Passkeys come on top of the app (server/services/passkeys.ts): they go when it goes. */
  function removePasskeys(userId: number): void {
    db.delete(passkeys).where(eq(passkeys.userId, userId)).run();
    db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId)).run();
  }

  function openSecret(userId: number, sealed: string): Uint8Array {
    const key = box.open(sealed, purposeOf(userId));
    // Not the person's mistake: the shop's key changed (SECRET_KEY, or the key file beside the database was lost).
    if (!key) throw new Error(`The second factor of account ${userId} cannot be read with the shop's key`);
    return key;
  }

  /**
   * Spends a code if it is right: an app code moves the account's last used step on (only if no one else moved it
   * first), a recovery code is marked used (only if still unused). Which kind worked, or null.
   */
  function spend(userId: number, factor: SecondFactor): SecondFactor["kind"] | null {
    return writeTransaction(db, () => {
      const row = credential(userId);
      if (!row) return null;
      if (factor.kind === "totp") {
        const step = acceptedStep(openSecret(userId, row.secretEncrypted), factor.code, now(), row.lastUsedStep);
        if (step === null) return null;
        const moved = db
          .update(totpCredentials)
          .set({ lastUsedStep: step })
          .where(and(eq(totpCredentials.userId, userId), sql`${totpCredentials.lastUsedStep} < ${step}`))
          .run();
        return moved.changes > 0 ? "totp" : null;
      }
      const used = db
        .update(recoveryCodes)
        .set({ usedAt: now() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, recoveryHash(userId, factor.code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .run();
      return used.changes > 0 ? "recovery" : null;
    });
  }

  /**
   * Checks a code for the account, counted against the limits first (a refusal past them is a 429 before any check);
   * a wrong one is logged and refused with one message whatever its kind.
   */
  function check(asker: TwoFactorAsker, factor: SecondFactor, field: string): SecondFactor["kind"] {
    const attempt = countSecondFactorAttempt(limits, asker);
    const kind = spend(asker.id, factor);
    if (!kind) {
      audit.record(actorFor(asker.id, asker.clientIp), {
        entityType: "account",
        entityId: asker.id,
        action: "two-factor-failed",
        area: AREA,
      });
      throw new ValidationError(WRONG_CODE, { [field]: [WRONG_CODE] });
    }
    attempt.passed();
    if (kind === "recovery") {
      audit.record(actorFor(asker.id, asker.clientIp), {
        entityType: "account",
        entityId: asker.id,
        action: "recovery-code-used",
        area: AREA,
        after: { recoveryCodesLeft: recoveryCodesLeft(asker.id) },
      });
    }
    return kind;
  }

  function recoveryCodesLeft(userId: number): number {
    return (
      db
        .select({ n: sql<number>`count(*)` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .get()?.n ?? 0
    );
  }

  function isEnabled(userId: number): boolean {
    return (
      db.select({ id: totpCredentials.userId }).from(totpCredentials).where(eq(totpCredentials.userId, userId)).get() !==
      undefined
    );
  }

  return {
    /** The account has a second factor: signing in asks for it. */
    isEnabled,

    recoveryCodesLeft,

    /** Whether the person's staff role needs a second factor (they may not turn it off). */
    isRequired(userId: number): boolean {
      return deps.requiredFor?.(userId) ?? false;
    },

    /** A new secret for the set-up page: as text to type in, and the otpauth address its QR code holds. */
    newSecret(accountName: string): { secret: string; otpauthUri: string } {
      const key = new Uint8Array(crypto.randomBytes(TOTP_KEY_BYTES));
      return { secret: secretText(key), otpauthUri: otpauthUri(key, accountName) };
    },

    /** The otpauth address for a secret the set-up form sent back (to draw its QR code again), or null. */
    otpauthUriFor(secret: string, accountName: string): string | null {
      const key = parseSecretText(secret);
      return key ? otpauthUri(key, accountName) : null;
    },

    /**
     * Turns the second factor on with the secret shown and a code the app made from it. Counted like any code.
     * Returns the ten recovery codes, to be shown once.
     */
    enable(asker: TwoFactorAsker, input: { secret: string; code: string }): { recoveryCodes: string[] } {
      const key = parseSecretText(input.secret);
      if (!key) throw new ValidationError("The set-up form is out of date; please start again.");
      if (isEnabled(asker.id)) throw new ConflictError("Two-factor sign-in is already on for your account.");
      const attempt = countSecondFactorAttempt(limits, asker);
      const step = acceptedStep(key, input.code, now(), 0);
      if (step === null) throw new ValidationError(WRONG_CODE, { code: [WRONG_CODE] });
      attempt.passed();
      const actor = actorFor(asker.id, asker.clientIp);
      const codes = writeTransaction(db, () => {
        // Checked again under the write lock: two set-up forms posted at once turn it on once.
        if (isEnabled(asker.id)) throw new ConflictError("Two-factor sign-in is already on for your account.");
        db.insert(totpCredentials)
          .values({ userId: asker.id, secretEncrypted: box.seal(key, purposeOf(asker.id)), lastUsedStep: step })
          .run();
        const codes = replaceRecoveryCodes(asker.id);
        audit.record(actor, { entityType: "account", entityId: asker.id, action: "two-factor-enabled", area: AREA });
        return codes;
      });
      return { recoveryCodes: codes };
    },

    /**
     * The sign-in step: the app's code or a recovery code for the account whose password was right. Logged either
     * way; a recovery code is used up. Throws ValidationError (wrong) or TooManyAttemptsError (past a limit).
     */
    completeSignIn(asker: TwoFactorAsker, factor: SecondFactor, field = "code"): void {
      const method = check(asker, factor, field);
      audit.record(actorFor(asker.id, asker.clientIp), {
        entityType: "account",
        entityId: asker.id,
        action: "sign-in",
        area: AREA,
        after: { secondFactor: method === "totp" ? "authenticator app" : "recovery code" },
      });
    },

    /** Ten new recovery codes (the old ones stop working), with a current app code. */
    regenerateRecoveryCodes(asker: TwoFactorAsker, code: string): { recoveryCodes: string[] } {
      if (!isEnabled(asker.id)) throw new ConflictError("Two-factor sign-in is not on for your account.");
      check(asker, { kind: "totp", code }, "code");
      const codes = writeTransaction(db, () => replaceRecoveryCodes(asker.id));
      audit.record(actorFor(asker.id, asker.clientIp), {
        entityType: "account",
        entityId: asker.id,
        action: "recovery-codes-regenerated",
        area: AREA,
      });
      return { recoveryCodes: codes };
    },

    /** Turns the second factor off with a current code or a recovery code; refused when the person's role needs it. */
    disable(asker: TwoFactorAsker, factor: SecondFactor): void {
      if (!isEnabled(asker.id)) throw new ConflictError("Two-factor sign-in is not on for your account.");
      if (deps.requiredFor?.(asker.id)) {
        throw new ForbiddenError("Your staff role needs two-factor sign-in, so it cannot be turned off.");
      }
      check(asker, factor, "code");
      writeTransaction(db, () => {
        db.delete(totpCredentials).where(eq(totpCredentials.userId, asker.id)).run();
        db.delete(recoveryCodes).where(eq(recoveryCodes.userId, asker.id)).run();
        removePasskeys(asker.id);
        audit.record(actorFor(asker.id, asker.clientIp), {
          entityType: "account",
          entityId: asker.id,
          action: "two-factor-disabled",
          area: AREA,
        });
      });
    },

    /**
     * For the server command when the only owner has lost their phone and codes: removes the second factor and the
     * recovery codes, ends every session of the account, and logs it under `actorName`. Null when no such account.
     */
    resetByCommand(username: string, actorName: string): { userId: number; hadTwoFactor: boolean; sessionsEnded: number } | null {
      const row = db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .get();
      if (!row) return null;
      return writeTransaction(db, () => {
        const hadTwoFactor = db.delete(totpCredentials).where(eq(totpCredentials.userId, row.id)).run().changes > 0;
        db.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id)).run();
        removePasskeys(row.id);
        const sessionsEnded = db.delete(sessions).where(eq(sessions.userId, row.id)).run().changes;
        // No account made the change: the row names the command, and its actor id stays empty (the column allows it;
        // the Actor type does not yet).
        audit.record(
          { id: null as unknown as number, username: actorName, ip: null },
          {
            entityType: "account",
            entityId: row.id,
            action: "two-factor-reset",
            area: AREA,
            after: { username: row.username, hadTwoFactor, sessionsEnded },
          },
        );
        return { userId: row.id, hadTwoFactor, sessionsEnded };
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
