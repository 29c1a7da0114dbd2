import { data } from "react-router";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = () => [
  { title: "Outbox (development) | Needledrop" },
  { name: "robots", content: "noindex" },
];

/** Development only: the outbox as stored (never with a link's token: see server/services/mail.ts). */
export function loader({ context }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === "production") throw data(null, { status: 404 });
  return { messages: context.services.mail.outbox(50) };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold">Outbox</h1>
      <p className="mt-2 text-stone-600">
        Development only: the newest 50 messages, newest first. Links show <code>{"{{token}}"}</code>: their token is only made
        when a message is sent. Set <code>MAIL_DIR</code> to receive sent mail, working links included, as files.
      </p>
      {loaderData.messages.length === 0 && <p className="mt-6">No mail yet.</p>}
      <ol className="mt-6 space-y-4">
        {loaderData.messages.map((m) => (
          <li key={m.id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            <p className="text-sm text-stone-600">
              To {m.to} · {m.status}
            </p>
            <h2 className="mt-1 font-semibold">{m.subject}</h2>
            <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap">{m.text}</pre>
          </li>
        ))}
      </ol>
    </div>
  );
}
