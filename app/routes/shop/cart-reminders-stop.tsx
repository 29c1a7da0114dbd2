import { MailedLinkButton, MailedLinkPage, refusalText } from "~/components/mailed-link-page";
import { INVALID_REMINDER_LINK } from "~/domain/cart/cart-reminder";
import { mailedLinkSchema } from "~/domain/shared/mailed-link";
import { answerMailedLink, mailedLinkTarget, mailedToken } from "~/lib/mailed-link.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cart-reminders-stop";

/**
 * The cart reminder's opt-out link (/cart-reminders/stop?token=…). Opening it only asks (mail scanners follow
 * links); the button POSTs and stops every cart reminder to the address. A mail client's RFC 8058 one-click
 * POST is answered before the pages (server/http/one-click-unsubscribe.ts).
 */

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Stop cart reminders", description: "Stop Needledrop's cart reminder e-mails." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, url }: Route.LoaderArgs) {
  const token = mailedToken(url.searchParams.get("token"));
  return mailedLinkTarget(token, token ? context.services.cartReminders.stopTarget(token) : null);
}

export const action = ({ request, context, url }: Route.ActionArgs) =>
  answerMailedLink(request, url, mailedLinkSchema, ({ token }) => context.services.cartReminders.stop(token));

export default function StopCartReminders({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email } = loaderData;
  const done =
    actionData && "done" in actionData
      ? {
          heading: "Cart reminders stopped",
          text: `${actionData.email} will get no more cart reminders from us. Order mails still come as usual.`,
        }
      : null;
  return (
    <MailedLinkPage
      title="Cart reminders"
      token={token}
      done={done}
      error={refusalText(actionData)}
      invalidText={INVALID_REMINDER_LINK}
    >
      <p className="text-stone-700">
        Stop sending cart reminders to <strong>{email}</strong>?
      </p>
      <MailedLinkButton label="Stop cart reminders" busy="Stopping…" />
    </MailedLinkPage>
  );
}
