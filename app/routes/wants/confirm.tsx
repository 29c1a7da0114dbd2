import { MailedLinkButton, MailedLinkPage, refusalText } from "~/components/mailed-link-page";
import { mailedLinkSchema } from "~/domain/shared/mailed-link";
import { answerMailedLink, mailedLinkTarget, mailedToken } from "~/lib/mailed-link.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/confirm";

/**
 * The link in a want's confirmation mail (/wants/confirm?token=…). Opening it only asks (mail scanners follow
 * links); the button POSTs and confirms the address, and with it every want of that address.
 */

const INVALID = "This confirmation link is invalid or has already been used.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Confirm your alerts", description: "Confirm your address for Needledrop record alerts." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, url }: Route.LoaderArgs) {
  const token = mailedToken(url.searchParams.get("token"));
  return mailedLinkTarget(token, token ? context.services.wants.confirmTarget(token) : null);
}

export const action = ({ request, context, url }: Route.ActionArgs) =>
  answerMailedLink(request, url, mailedLinkSchema, ({ token }) => context.services.wants.confirm(token));

export default function ConfirmWants({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email } = loaderData;
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
        Send record alerts to <strong>{email}</strong>?
      </p>
      <MailedLinkButton label="Confirm my alerts" busy="Confirming…" />
    </MailedLinkPage>
  );
}
