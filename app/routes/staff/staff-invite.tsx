import { data, Form, Link } from "react-router";
import { FormAlert, inputClass } from "~/components/admin/form-field";
import { z } from "~/domain/shared/zod";
import { passwordSchema, usernameSchema } from "~/domain/accounts/auth-schemas";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { cookieHeaders } from "~/lib/cart-state.server";
import { pageAddress } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/staff-invite";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Join the shop's staff", description: "Accept an invitation to Needledrop's back office." }),
  { name: "robots", content: "noindex" },
];

const tokenSchema = z.string().trim().min(1).max(200);
const joinSchema = z.object({ token: tokenSchema });
const newAccountSchema = z.object({ token: tokenSchema, username: usernameSchema, password: passwordSchema });

export function loader({ context, request, url }: Route.LoaderArgs) {
  const token = tokenSchema.safeParse(url.searchParams.get("token"));
  const invite = token.success ? context.services.staff.viewInvite(token.data) : null;
  if (!invite) return data({ invite: null, token: "", signedIn: null, here: "" }, { status: 404 });
  const user = context.user;
  return {
    invite: { email: invite.email, roleName: invite.roleName, hasAccount: invite.accountId !== null },
    token: token.data!,
    signedIn: user ? { username: user.username, sameAddress: user.email === invite.email } : null,
    here: pageAddress(request),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const staff = context.services.staff;
  const welcome = async (userId: number, headers?: Headers) =>
    redirectWithToast("/admin", { type: "success", title: "Welcome to the back office" }, headers ? { headers } : undefined);
  return formAction(request, {
    join: intent(joinSchema, async ({ token }) => {
      const user = context.user;
      if (!user) throw data("Sign in first.", { status: 401 });
      const { userId } = await staff.acceptInvite(token, { signedIn: user }, context.clientIp);
      return welcome(userId);
    }),
    create: intent(
      newAccountSchema,
      async ({ token, username, password }) => {
        const { userId } = await staff.acceptInvite(token, { newAccount: { username, password } }, context.clientIp);
        return welcome(userId, cookieHeaders(...(await context.auth.signIn({ id: userId }))));
      },
      { hide: ["password"] },
    ),
  });
}

const primary = "rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark";

export default function StaffInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { invite, token, signedIn, here } = loaderData;
  const refusal = actionData?.result.error?.[""]?.[0] ?? Object.values(actionData?.result.error ?? {})[0]?.[0];
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="font-display text-3xl font-bold">Join the shop&apos;s staff</h1>
      {!invite ? (
        <p className="mt-4 text-stone-700">
          This invitation link is invalid, used or expired. Ask the shop&apos;s owner to send you a new one.
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-stone-700">
            You are invited to help run Needledrop as <strong>{invite.roleName.toLowerCase()}</strong>, with the address{" "}
            <strong className="break-all">{invite.email}</strong>.
          </p>
          <FormAlert message={refusal} />
          {signedIn ? (
            signedIn.sameAddress ? (
              <Form method="post">
                <input type="hidden" name="intent" value="join" />
                <input type="hidden" name="token" value={token} />
                <button type="submit" className={primary}>
                  Join as {signedIn.username}
                </button>
              </Form>
            ) : (
              <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                This invitation is for another e-mail address than the account you are signed in to ({signedIn.username}).{" "}
                <Link to="/logout" className="underline">
                  Sign out
                </Link>
                , then open the link again.
              </p>
            )
          ) : invite.hasAccount ? (
            <p>
              <Link to={`/auth?${new URLSearchParams({ redirectTo: here })}`} className="font-semibold underline">
                Sign in to your account
              </Link>{" "}
              with that address to accept.
            </p>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="token" value={token} />
              <label className="block text-sm font-medium">
                Choose a username
                <input name="username" required minLength={3} maxLength={40} autoComplete="username" className={inputClass} />
              </label>
              <label className="block text-sm font-medium">
                Choose a password
                <input
                  name="password"
                  type="password"
                  required
                  minLength={6}
                  autoComplete="new-password"
                  className={inputClass}
                />
              </label>
              <button type="submit" className={primary}>
                Make my account and join
              </button>
            </Form>
          )}
        </div>
      )}
    </div>
  );
}
