/** The /reset-password page's forms: ask for a reset link, then choose a new password with the mailed token. */
import { redirect, type AppLoadContext } from "react-router";
import { RESET_REQUESTED, RESET_SENT_TITLE, resetPasswordFormSchema, resetRequestSchema } from "~/domain/accounts/auth-schemas";
import { cookieHeaders } from "~/lib/cart-state.server";
import { intent } from "~/lib/forms/form-action.server";
import { clearedForm } from "~/lib/forms/form-reply";
import { redirectWithToast } from "~/lib/toast.server";

export function resetIntents(context: AppLoadContext) {
  const { accounts, rateLimits } = context.services;
  return {
    // The same answer whether or not an account has the address.
    request: intent(
      resetRequestSchema,
      async ({ email }) => {
        rateLimits.takeForAddress("resetRequestsPerAddress", context.clientIp);
        await accounts.requestPasswordReset(email);
        return {
          ...clearedForm("request"),
          sent: true,
          toast: { type: "success" as const, title: RESET_SENT_TITLE, description: RESET_REQUESTED },
        };
      },
      { failure: "Password Reset Request Failed" },
    ),
    // Signed in with the new password; every other session has ended.
    reset: intent(
      resetPasswordFormSchema,
      async (value) => {
        const user = await accounts.resetPassword(value);
        const headers = cookieHeaders(...(await context.auth.signIn(user)));
        // A second factor is still asked for: a mailbox alone does not open the account.
        if (context.pendingTwoFactorUserId) return redirect("/auth/two-factor", { headers });
        const toast = {
          type: "success" as const,
          title: "Password changed",
          description: `You are signed in, ${user.username}.`,
        };
        return redirectWithToast("/", toast, { headers });
      },
      { hide: ["password", "confirmPassword", "token"], failure: "Password Reset Failed" },
    ),
  };
}
