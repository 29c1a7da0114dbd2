/**
 * The second factor's forms and API bodies: one schema per input, shared by the pages, the REST shim and the OpenAPI
 * document. Codes are read leniently (spaces, a missing dash, lower case) and checked strictly.
 */
import { z } from "~/domain/shared/zod";
import { normaliseRecoveryCode, normaliseTotpCode } from "./recovery-codes";
import { parseSecretText } from "./totp";

// Short enough for one line beside a phone-wide field: a message that wraps would move what is below it as it appears.
export const CODE_MESSAGE = "Enter the 6-digit code from your app";
export const RECOVERY_MESSAGE = "Enter a recovery code, like ABCDE-FGHIJ";
export const EITHER_MESSAGE = "Enter the 6-digit code from your app, or a recovery code";
/** What a wrong code is told: the same whichever kind it was. */
export const WRONG_CODE = "That code is not right, or it has been used already.";

/** Six digits (spaces allowed between them). */
export const totpCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .max(20, CODE_MESSAGE)
  .regex(/^[\d\s]+$/, CODE_MESSAGE)
  .transform((value, ctx) => {
    const code = normaliseTotpCode(value);
    if (code === null) ctx.addIssue({ code: "custom", message: CODE_MESSAGE });
    return code ?? "";
  });

/** Ten base32 characters, a dash between the fives optional. */
export const recoveryCodeSchema = z
  .string({ error: RECOVERY_MESSAGE })
  .trim()
  .max(20, RECOVERY_MESSAGE)
  .transform((value, ctx) => {
    const code = normaliseRecoveryCode(value);
    if (code === null) ctx.addIssue({ code: "custom", message: RECOVERY_MESSAGE });
    return code ?? "";
  });

/** A second factor of either kind, told apart by its shape. */
export type SecondFactor = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

export const secondFactorSchema = z
  .string({ error: EITHER_MESSAGE })
  .trim()
  .max(20, EITHER_MESSAGE)
  .transform((value, ctx): SecondFactor => {
    const totp = normaliseTotpCode(value);
    if (totp !== null) return { kind: "totp", code: totp };
    const recovery = normaliseRecoveryCode(value);
    if (recovery !== null) return { kind: "recovery", code: recovery };
    ctx.addIssue({ code: "custom", message: EITHER_MESSAGE });
    return z.NEVER;
  });

const redirectTo = z.string().max(2000).optional();

/** Turning the second factor on: the secret shown (sent back in a hidden field) and a code made from it. */
export const enableTwoFactorSchema = z.object({
  secret: z
    .string({ error: "The set-up form is out of date; please start again." })
    .max(64)
    .refine((s) => parseSecretText(s) !== null, "The set-up form is out of date; please start again."),
  code: totpCodeSchema,
  redirectTo,
});

/** New recovery codes (the old ones stop working): a current code proves the app is still at hand. */
export const regenerateRecoveryCodesSchema = z.object({ code: totpCodeSchema });

/** Turning the second factor off: a current code or a recovery code. */
export const disableTwoFactorSchema = z.object({ code: secondFactorSchema });

/** The sign-in step, with the app's code … */
export const signInCodeSchema = z.object({ code: totpCodeSchema, redirectTo });
/** … or with a recovery code. */
export const signInRecoverySchema = z.object({ recoveryCode: recoveryCodeSchema, redirectTo });

/** POST /api/login/two-factor: the app's code or a recovery code, in one field. */
export const apiSecondFactorSchema = z.object({ code: secondFactorSchema });
