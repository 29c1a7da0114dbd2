import { Form } from "react-router";
import { formatDateTimeGB } from "~/domain/shared/dates";

export interface SessionListItem {
  id: string;
  device: string;
  ipAddress: string | null;
  lastSeenAt: string | null;
  current: boolean;
}

const button = "rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100";

/**
 * Where the person is signed in: each session's browser, address and last activity, with "Sign out" for each and
 * for all the others. The forms post to /profile/sessions, which works with or without JavaScript.
 */
export function SessionList({ sessions }: { sessions: SessionListItem[] }) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="mt-10">
      <h2 id="sessions-heading" className="font-display text-2xl font-bold">
        Where you are signed in
      </h2>
      <ul className="mt-3 divide-y divide-stone-100 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold">
                {s.device}
                {s.current && (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900">This browser</span>
                )}
              </p>
              <p className="text-sm text-stone-600">
                {s.ipAddress ? `From ${s.ipAddress}` : "Address not known"}
                {s.lastSeenAt ? ` · last seen ${formatDateTimeGB(s.lastSeenAt)}` : ""}
              </p>
            </div>
            {!s.current && (
              <Form method="post" action="/profile/sessions">
                <input type="hidden" name="intent" value="one" />
                <input type="hidden" name="sessionId" value={s.id} />
                <button type="submit" className={button} aria-label={`Sign out ${s.device}`}>
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Form method="post" action="/profile/sessions" className="mt-3">
          <input type="hidden" name="intent" value="others" />
          <button type="submit" className={button}>
            Sign out everywhere else ({others})
          </button>
        </Form>
      )}
    </section>
  );
}
