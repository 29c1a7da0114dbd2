import { data, useNavigation } from "react-router";
import { MailedLinkPage, refusalText } from "~/components/mailed-link-page";
import { wantInLinkSchema, wantStopSchema } from "~/domain/wants/want-schema";
import { answerMailedLink, mailedToken } from "~/lib/mailed-link.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

/**
 * A record alert's stop links: /wants/unsubscribe?want=<id>&token=… stops alerts for that record,
 * /wants/unsubscribe?token=… every alert to the address, or, from a want's confirmation mail, that one want (its
 * token says which). Opening a link only asks; the button POSTs. A mail
 * client's RFC 8058 one-click POST is answered before the pages (server/http/one-click-unsubscribe.ts).
 */

const INVALID = "This link is invalid or has expired.";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Stop record alerts", description: "Stop Needledrop record alerts." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, url }: Route.LoaderArgs) {
  const query = url.searchParams;
  const token = mailedToken(query.get("token"));
  const wantId = wantInLinkSchema.parse(query.get("want"));
  const target = token ? context.services.wants.unsubscribeTarget(token, wantId) : null;
  return data(
    {
      token: target ? token : null,
      wantId,
      email: target?.email ?? null,
      title: target?.title ?? null,
      onlyThis: target?.onlyThis ?? false,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = ({ request, context, url }: Route.ActionArgs) =>
  answerMailedLink(request, url, wantStopSchema, ({ token, scope, want }) => {
    const wantId = scope === "all" ? null : (want ?? null);
    return context.services.wants.unsubscribe(token, wantId);
  });

const button = "rounded-full px-6 py-3 font-semibold disabled:cursor-wait disabled:opacity-60";

export default function StopWants({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const { token, wantId, email, title, onlyThis } = loaderData;
  const done =
    actionData && "done" in actionData
      ? {
          heading: "Stopped",
          text: `${
            actionData.all
              ? `${actionData.email} will get no more record alerts.`
              : `No more alerts about this record to ${actionData.email}.`
          } Changed your mind? Press Want on a record page again.`,
        }
      : null;
  return (
    <MailedLinkPage
      title="Stop record alerts"
      token={token}
      done={done}
      error={refusalText(actionData, INVALID)}
      invalidText={INVALID}
    >
      <p className="text-stone-700">
        {title ? (
          <>
            Stop alerts about <strong>{title}</strong> to <strong className="break-all">{email}</strong>?
          </>
        ) : (
          <>
            Stop every record alert to <strong className="break-all">{email}</strong>?
          </>
        )}
      </p>
      {wantId !== null && <input type="hidden" name="want" value={wantId} />}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="scope"
          value={title ? "one" : "all"}
          disabled={pending}
          className={`${button} bg-ink text-white hover:bg-needle`}
        >
          {title ? "Stop alerts for this record" : "Stop all alerts"}
        </button>
        {title && !onlyThis && (
          <button
            type="submit"
            name="scope"
            value="all"
            disabled={pending}
            className={`${button} ring-1 ring-stone-300 hover:bg-stone-100`}
          >
            Stop all alerts
          </button>
        )}
      </div>
    </MailedLinkPage>
  );
}
