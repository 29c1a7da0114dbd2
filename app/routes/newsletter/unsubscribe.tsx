import { MailedLinkButton, MailedLinkPage, refusalText } from "~/components/mailed-link-page";
import { INVALID_UNSUBSCRIBE } from "~/domain/newsletter/newsletter-schema";
import { mailedLinkSchema } from "~/domain/shared/mailed-link";
import { answerMailedLink, mailedLinkTarget, mailedToken } from "~/lib/mailed-link.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

/**
 * The welcome mail's unsubscribe link (/unsubscribe?token=…). Opening it only asks (mail scanners
 * follow links); the button POSTs and unsubscribes. The POST also accepts the token in the query
 * string, as an RFC 8058 one-click request sends it. A link works once.
 */

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Unsubscribe", description: "Stop receiving the Needledrop newsletter." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, url }: Route.LoaderArgs) {
  const token = mailedToken(url.searchParams.get("token"));
  // The address is shown to whoever holds the mailed link: its mailbox's owner. Always 200: after a POST
  // this loader runs again (the link now used up), and the answer's status must stay the action's.
  return mailedLinkTarget(token, token ? context.services.newsletter.unsubscribeTarget(token) : null);
}

export const action = ({ request, context, url }: Route.ActionArgs) =>
  answerMailedLink(request, url, mailedLinkSchema, ({ token }) => context.services.newsletter.unsubscribe(token));

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email } = loaderData;
  const done =
    actionData && "done" in actionData
      ? {
          heading: "You're unsubscribed",
          text: `${actionData.email} will get no more newsletters from us. Changed your mind? Sign up again at the foot of any page.`,
        }
      : null;
  return (
    <MailedLinkPage
      title="Unsubscribe"
      token={token}
      done={done}
      error={refusalText(actionData)}
      invalidText={INVALID_UNSUBSCRIBE}
    >
      <p className="text-stone-700">
        Stop sending the Needledrop newsletter to <strong>{email}</strong>?
      </p>
      <MailedLinkButton label="Unsubscribe" busy="Unsubscribing…" />
    </MailedLinkPage>
  );
}
