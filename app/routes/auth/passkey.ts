/**
 * POST /auth/two-factor/passkey: the sign-in step with a passkey, for a session whose password was right. `options`
 * starts the ceremony; `verify` checks the browser's answer, then starts a new session past the step (as a typed code
 * does) and says where to go. JSON in and out; only the passkey button on /auth/two-factor calls it.
 */
import { safeRedirect } from "~/domain/shared/safe-redirect";
import { passkeyAuthenticationBodySchema } from "~/domain/two-factor/passkeys";
import { jsonAction, jsonError } from "~/lib/json-action.server";
import { toastHeader } from "~/lib/toast.server";
import type { Route } from "./+types/passkey";

export async function action({ context, request }: Route.ActionArgs) {
  const userId = context.pendingTwoFactorUserId;
  if (!userId) return jsonError(401, "No sign-in is waiting for a second factor; log in first.");
  const { passkeys, accounts } = context.services;
  return jsonAction(request, passkeyAuthenticationBodySchema, async (body, headers) => {
    if (body.step === "options") return passkeys.authenticationOptions(userId);
    await passkeys.completeSignIn({ id: userId, clientIp: context.clientIp }, body.response);
    for (const cookie of await context.auth.signIn({ id: userId }, { twoFactorVerified: true }))
      headers.append("Set-Cookie", cookie);
    const username = accounts.getUser(userId)?.username ?? "";
    headers.append(
      "Set-Cookie",
      await toastHeader({ type: "success", title: "Login successful", description: `Welcome back, ${username}!` }),
    );
    return { redirectTo: safeRedirect(body.redirectTo) };
  });
}
