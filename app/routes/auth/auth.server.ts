/** The /auth page's form posts: log in or register, then sign in (see auth.signIn) and go where the shopper was. */
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/parse-form";
import { data, type AppLoadContext } from "react-router";
import { loginSchema, registerFormSchema, registrationFields } from "~/domain/accounts/auth-schemas";
import { formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { cookieHeaders } from "~/lib/cart-state.server";
import { redirectWithToast } from "~/lib/toast.server";

export type AuthTab = "login" | "register";

const HIDDEN = ["password", "confirmPassword"];

export async function signInOrRegister(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  if (formData.get("intent") === "register") {
    const submission = parseForm(formData, { schema: registerFormSchema });
    if (submission.status !== "success") return invalid("register", submission.reply({ hideFields: HIDDEN }));
    return attempt("register", submission, redirectTo, request, context, () => {
      context.services.rateLimits.takeForAddress("registrationsPerAddress", context.clientIp);
      return context.services.accounts.register(registrationFields(submission.value));
    });
  }
  const submission = parseForm(formData, { schema: loginSchema });
  if (submission.status !== "success") return invalid("login", submission.reply({ hideFields: HIDDEN }));
  return attempt("login", submission, redirectTo, request, context, () =>
    context.services.accounts.login({ ...submission.value, clientIp: context.clientIp }),
  );
}

function invalid(intent: AuthTab, result: SubmissionResult) {
  return data({ intent, result, toast: null }, { status: 400 });
}

/** Runs the sign-in or registration; success signs in and redirects, a known failure re-renders the form. */
async function attempt(
  intent: AuthTab,
  submission: { reply: (o: { formErrors: string[]; hideFields: string[] }) => SubmissionResult },
  redirectTo: string,
  request: Request,
  context: AppLoadContext,
  run: () => Promise<{ username: string; id: number }>,
) {
  try {
    const user = await run();
    const headers = cookieHeaders(...(await context.auth.signIn(user)));
    const toast =
      intent === "register"
        ? { type: "success" as const, title: "Registration successful", description: `Welcome to Needledrop, ${user.username}!` }
        : { type: "success" as const, title: "Login successful", description: `Welcome back, ${user.username}!` };
    return redirectWithToast(redirectTo, toast, { headers });
  } catch (error) {
    const known = formFailureOf(error);
    if (!known) throw error;
    const { status } = known;
    const headers = retryAfterHeaders(known);
    const title = intent === "register" ? "Registration failed" : "Login failed";
    return data(
      {
        intent,
        result: submission.reply({ formErrors: [known.message], hideFields: HIDDEN }),
        toast: { type: "error" as const, title, description: known.message },
      },
      { status, headers },
    );
  }
}
