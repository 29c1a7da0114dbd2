/**
 * Passkeys (WebAuthn) as a second way past the sign-in step: the ceremony's request bodies, the rules for a passkey's
 * label and its challenge's life. Pure: the server checks signatures, the browser runs the ceremony.
 */
import { formatDayGB } from "~/domain/shared/dates";
import { z } from "~/domain/shared/zod";

/** The ceremony's JSON endpoints (resource routes): adding a passkey, and the sign-in step with one. */
export const ADD_PASSKEY_PATH = "/profile/two-factor/passkey";
export const PASSKEY_SIGN_IN_PATH = "/auth/two-factor/passkey";
/** The only page addresses that take a JSON body rather than a form (server/http/page-requests.ts). */
export const JSON_PAGE_PATHS: readonly string[] = [ADD_PASSKEY_PATH, PASSKEY_SIGN_IN_PATH];

/** How long a ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/** At most this many passkeys per person (each is a row and an entry in every sign-in's options). */
export const MAX_PASSKEYS = 10;

/** What a refused passkey is told, whatever went wrong (a wrong key, an old challenge, a cancelled prompt). */
export const PASSKEY_FAILED = "That passkey could not be checked. Try again, or enter a code instead.";

/** The label a new passkey gets in the person's list: "Passkey added 29 Nov 2026" (the London day). */
export function passkeyName(createdAt: Date): string {
  return `Passkey added ${formatDayGB(createdAt.toISOString())}`;
}

/** The challenge is still good at `now` (epoch ms). */
export function challengeIsLive(expiresAt: number, now: number): boolean {
  return now < expiresAt;
}

// base64url text as the WebAuthn JSON encoding sends it, bounded so a body cannot make the server parse megabytes.
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");

const transports = z.array(z.string().max(32)).max(10);
const extensions = z.record(z.string().max(64), z.unknown()).default({});
const attachment = z.enum(["platform", "cross-platform"]).optional();

/** What both ceremonies' answers carry around their own `response`. */
const credentialFields = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensions,
};

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser's startRegistration returns it. */
export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(8_000).min(1),
    attestationObject: b64url(64_000).min(1),
    authenticatorData: b64url(8_000).optional(),
    publicKey: b64url(8_000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: transports.optional(),
  }),
});

/** navigator.credentials.get()'s answer, as startAuthentication returns it. */
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(8_000).min(1),
    authenticatorData: b64url(8_000).min(1),
    signature: b64url(2_000).min(1),
    userHandle: b64url(200).optional(),
  }),
});

export type RegistrationResponseBody = z.output<typeof registrationResponseSchema>;
export type AuthenticationResponseBody = z.output<typeof authenticationResponseSchema>;

/** The JSON body of POST /profile/two-factor/passkey: ask for options, or send the new passkey back. */
export const passkeyRegistrationBodySchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({ step: z.literal("verify"), response: registrationResponseSchema }),
]);

/** The JSON body of POST /auth/two-factor/passkey: ask for options, or send the signed challenge back. */
export const passkeyAuthenticationBodySchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    response: authenticationResponseSchema,
    redirectTo: z.string().max(2000).optional(),
  }),
]);

/** The /profile/two-factor form that removes a passkey. */
export const removePasskeySchema = z.object({
  passkeyId: z.coerce.number({ error: "Choose a passkey" }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
