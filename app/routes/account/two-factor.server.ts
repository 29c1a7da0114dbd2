/**
 * The /profile/two-factor page's forms: turn the second factor on, make new recovery codes, turn it off, remove a
 * passkey (adding one is the JSON ceremony in ./passkey.ts).
 */
import { data, type AppLoadContext } from "react-router";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { removePasskeySchema } from "~/domain/two-factor/passkeys";
import { disableTwoFactorSchema, enableTwoFactorSchema, regenerateRecoveryCodesSchema } from "~/domain/two-factor/schemas";
import { cookieHeaders } from "~/lib/cart-state.server";
import { intent } from "~/lib/forms/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** Recovery codes are shown once: the answer that carries them is never kept by any cache. */
const NO_STORE = { "Cache-Control": "no-store" };
const hide = ["code"];

export function twoFactorIntents(context: AppLoadContext, user: { id: number }) {
  const { twoFactor, passkeys } = context.services;
  const asker = { id: user.id, clientIp: context.clientIp };
  return {
    // On: a new session that has passed the step (every other session of the person must now pass it too).
    enable: intent(
      enableTwoFactorSchema,
      async ({ secret, code, redirectTo }) => {
        const { recoveryCodes } = twoFactor.enable(asker, { secret, code });
        const headers = cookieHeaders(...(await context.auth.signIn(user, { twoFactorVerified: true })));
        for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
        const toast = {
          type: "success" as const,
          title: "Two-factor sign-in is on",
          description: "Keep your recovery codes safe.",
        };
        return data({ intent: "enable", recoveryCodes, continueTo: safeRedirect(redirectTo, "/profile"), toast }, { headers });
      },
      { hide, failure: "Could not turn on two-factor sign-in" },
    ),
    regenerate: intent(
      regenerateRecoveryCodesSchema,
      ({ code }) => {
        const { recoveryCodes } = twoFactor.regenerateRecoveryCodes(asker, code);
        const toast = { type: "success" as const, title: "New recovery codes", description: "Your old codes no longer work." };
        return data({ intent: "regenerate", recoveryCodes, continueTo: "/profile", toast }, { headers: NO_STORE });
      },
      { hide, failure: "Could not make new recovery codes" },
    ),
    disable: intent(
      disableTwoFactorSchema,
      ({ code }) => {
        twoFactor.disable(asker, code);
        const toast = {
          type: "success" as const,
          title: "Two-factor sign-in is off",
          description: "Signing in needs only your password.",
        };
        return redirectWithToast("/profile", toast);
      },
      { hide, failure: "Could not turn off two-factor sign-in" },
    ),
    removePasskey: intent(
      removePasskeySchema,
      ({ passkeyId }) => {
        passkeys.remove(asker, passkeyId);
        const toast = { type: "success" as const, title: "Passkey removed", description: "It can no longer be used to sign in." };
        return redirectWithToast("/profile/two-factor", toast);
      },
      { failure: "Could not remove the passkey" },
    ),
  };
}
