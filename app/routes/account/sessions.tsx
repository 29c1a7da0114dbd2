import { SessionList } from "~/components/account/session-list";
import { z } from "~/domain/shared/zod";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { sessionListFor } from "./sessions.server";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Where you are signed in", description: "Your Needledrop sessions." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { sessions: sessionListFor(context, user.id) };
}

const oneSchema = z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/, "Unknown session") });

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const sessions = context.services.sessions;
  const back = (title: string) => redirectWithToast("/profile#sessions-heading", { type: "success", title });
  return formAction(request, {
    one: intent(oneSchema, ({ sessionId }) => {
      // Only the person's own sessions, and never this one (signing out here is "Log out").
      if (sessionId !== context.sessionId) sessions.invalidateOwn(user.id, sessionId);
      return back("Signed out of that browser");
    }),
    others: intent(z.object({}), () => {
      const ended = sessions.invalidateUserSessions(user.id, { except: context.sessionId });
      return back(ended === 1 ? "Signed out of 1 other browser" : `Signed out of ${ended} other browsers`);
    }),
  });
}

export default function Sessions({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 lg:px-8">
      <SessionList sessions={loaderData.sessions} />
    </div>
  );
}
