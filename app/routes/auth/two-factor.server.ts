/** The sign-in step after a right password, for an account with a second factor: the app's code or a recovery code. */
import type { AppLoadContext } from "react-router";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { signInCodeSchema, signInRecoverySchema, type SecondFactor } from "~/domain/two-factor/schemas";
import { cookieHeaders } from "~/lib/cart-state.server";
import { intent } from "~/lib/forms/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";

export function secondFactorIntents(context: AppLoadContext, userId: number) {
  // Passed: a new session, marked as past the step (the pending one ends), and on to where the person was going.
  async function complete(factor: SecondFactor, field: string, redirectTo: string | undefined) {
    const { twoFactor, accounts } = context.services;
    twoFactor.completeSignIn({ id: userId, clientIp: context.clientIp }, factor, field);
    const headers = cookieHeaders(...(await context.auth.signIn({ id: userId }, { twoFactorVerified: true })));
    const username = accounts.getUser(userId)?.username ?? "";
    const left = factor.kind === "recovery" ? twoFactor.recoveryCodesLeft(userId) : null;
    const description =
      left === null ? `Welcome back, ${username}!` : `Welcome back, ${username}. That recovery code is used up; ${left} left.`;
    return redirectWithToast(safeRedirect(redirectTo), { type: "success", title: "Login successful", description }, { headers });
  }
  return {
    code: intent(signInCodeSchema, ({ code, redirectTo }) => complete({ kind: "totp", code }, "code", redirectTo), {
      hide: ["code"],
      failure: "Login failed",
    }),
    recovery: intent(
      signInRecoverySchema,
      ({ recoveryCode, redirectTo }) => complete({ kind: "recovery", code: recoveryCode }, "recoveryCode", redirectTo),
      { hide: ["recoveryCode"], failure: "Login failed" },
    ),
  };
}
