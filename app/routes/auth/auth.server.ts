/** The /auth page's form posts: log in or register, then sign in (see auth.signIn) and go where the shopper was. */
import { redirect, type AppLoadContext } from "react-router";
import { loginSchema, registerFormSchema, registrationFields } from "~/domain/accounts/auth-schemas";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import type { Toast } from "~/domain/shared/toast";
import { cookieHeaders } from "~/lib/cart-state.server";
import { intent } from "~/lib/forms/form-action.server";
import { redirectWithToast } from "~/lib/toast.server";

export type AuthTab = "login" | "register";

/** A password is never sent back in a page, whatever happens to the form. */
const hide = ["password", "confirmPassword"];

export function authIntents(context: AppLoadContext) {
  const { accounts, rateLimits } = context.services;
  return {
    login: intent(
      loginSchema,
      async (value, formData) => {
        const user = await accounts.login({ ...value, clientIp: context.clientIp });
        return signIn(context, user, formData, {
          type: "success",
          title: "Login successful",
          description: `Welcome back, ${user.username}!`,
        });
      },
      { hide, failure: "Login failed" },
    ),
    register: intent(
      registerFormSchema,
      async (value, formData) => {
        rateLimits.takeForAddress("registrationsPerAddress", context.clientIp);
        const user = await accounts.register(registrationFields(value));
        const description = `Welcome to Needledrop, ${user.username}!`;
        return signIn(context, user, formData, { type: "success", title: "Registration successful", description });
      },
      { hide, failure: "Registration failed" },
    ),
  };
}

/**
 * Signed in: a fresh session, and back to where the shopper was with the welcome toast. An account with a second
 * factor gets a session that only opens the code step, and goes there first.
 */
async function signIn(context: AppLoadContext, user: { id: number; username: string }, formData: FormData, toast: Toast) {
  const headers = cookieHeaders(...(await context.auth.signIn(user)));
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  if (context.pendingTwoFactorUserId) return redirect(`/auth/two-factor?${new URLSearchParams({ redirectTo })}`, { headers });
  return redirectWithToast(redirectTo, toast, { headers });
}
