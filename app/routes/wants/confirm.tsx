import { data } from "react-router";
import { MailedLinkButton, MailedLinkPage, refusalText } from "~/components/mailed-link-page";
import { mailedLinkSchema } from "~/domain/shared/mailed-link";
import { answerMailedLink, mailedToken } from "~/lib/mailed-link.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirm";

/**
 * The link in a want's confirmation mail (/wants/confirm?token=…). Opening it only asks (mail scanners follow
 * links), showing the record and alerts it would save; the button POSTs, which confirms the address and saves that
 * one want. (A link mailed before want requests confirms the address alone.)
 */

const INVALID = "This confirmation link is invalid or has already been used.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Confirm your alerts", description: "Confirm your address for Needledrop record alerts." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, url }: Route.LoaderArgs) {
  const token = mailedToken(url.searchParams.get("token"));
  const target = token ? context.services.wants.confirmTarget(token) : null;
  return data(
    {
      token: target ? token : null,
      email: target?.email ?? null,
      title: target?.title ?? null,
      conditions: target?.conditions ?? null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = ({ request, context, url }: Route.ActionArgs) =>
  answerMailedLink(request, url, mailedLinkSchema, ({ token }) => context.services.wants.confirm(token));

export default function ConfirmWants({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email, title, conditions } = loaderData;
  const done =
    actionData && "done" in actionData
      ? {
          heading: "Confirmed",
          text: `We will email ${actionData.email} when a record you want is back, out or cheaper. Every mail has a link to stop.`,
        }
      : null;
  return (
    <MailedLinkPage
      title="Confirm your alerts"
      token={token}
      done={done}
      error={refusalText(actionData, INVALID)}
      invalidText={INVALID}
    >
      <p className="text-stone-700">
        {title ? (
          <>
            Send alerts about <strong>{title}</strong> ({conditions}) to <strong className="break-all">{email}</strong>?
          </>
        ) : (
          <>
            Send record alerts to <strong className="break-all">{email}</strong>?
          </>
        )}
      </p>
      <MailedLinkButton label="Confirm my alerts" busy="Confirming…" />
    </MailedLinkPage>
  );
}
