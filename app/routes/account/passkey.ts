/**
 * POST /profile/two-factor/passkey: adding a passkey, for a signed-in person with two-factor sign-in on. `options`
 * starts the ceremony; `verify` keeps the new passkey. JSON in and out; only the "Add a passkey" button calls it
 * (removing one is a plain form on /profile/two-factor).
 */
import { passkeyRegistrationBodySchema } from "~/domain/two-factor/passkeys";
import { jsonAction, jsonError } from "~/lib/json-action.server";
import type { Route } from "./+types/passkey";

export async function action({ context, request }: Route.ActionArgs) {
  const user = context.user;
  if (!user) return jsonError(401, "Sign in first.");
  const { passkeys } = context.services;
  return jsonAction(request, passkeyRegistrationBodySchema, async (body) => {
    if (body.step === "options") return passkeys.registrationOptions(user);
    return { passkey: await passkeys.register({ id: user.id, clientIp: context.clientIp }, body.response) };
  });
}
