import { Form, Link } from "react-router";
import { RowButton } from "~/components/admin/row-button";
import { checkTokenSchema, discogsJobIdSchema, listingSwitchSchema } from "~/domain/discogs/discogs-sync-rules";
import { formatLondonInstant } from "~/domain/schedule/schedule";
import { ValidationError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/discogs";

export const handle = staffHandle("catalogue.edit", { action: "catalogue.edit" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Discogs", description: "Used copies on Discogs and Discogs's orders." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/discogs";

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return context.services.discogsSync.overview();
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const s = context.services.discogsSync;
  const done = (title: string, description?: string, to = PATH) => redirectWithToast(to, { type: "success", title, description });
  return formAction(request, {
    check: intent(checkTokenSchema, async () => {
      const answer = await s.checkToken(actor);
      // A refused token is the owner's to fix: said beside the button (and at the top of the page).
      if (!answer.ok) throw new ValidationError(answer.message);
      return done("Discogs accepted the token", `Signed in to Discogs as ${answer.username}.`);
    }),
    listing: intent(listingSwitchSchema, ({ listUsed }) => {
      s.setListUsed(actor, listUsed === "on");
      return done(
        listUsed === "on" ? "Used copies will be listed on Discogs" : "No more used copies will be listed on Discogs",
        listUsed === "on" ? "Published used copies in stock with a Discogs release go on within minutes." : undefined,
      );
    }),
    retry: intent(discogsJobIdSchema, ({ jobId }) => {
      s.retryJob(actor, jobId);
      return done("Sent to Discogs again", "The job is back in the queue.", `${PATH}#queue`);
    }),
  });
}

const panel = "mt-6 rounded-lg bg-white p-4 ring-1 ring-stone-200";
const primary = "rounded bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-700";
const secondary = "rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100";

type Data = Route.ComponentProps["loaderData"];

function Connection({ data, reply }: { data: Data; reply: Route.ComponentProps["actionData"] }) {
  if (!data.enabled) {
    return (
      <section className={panel} aria-labelledby="connection-heading" data-testid="discogs-connection">
        <h2 id="connection-heading" className="font-display text-xl font-bold">
          Connection
        </h2>
        <p className="mt-2 text-sm font-semibold text-stone-800">Discogs is off.</p>
        <p className="mt-1 text-sm text-stone-700">
          To switch it on, make a personal access token on discogs.com (Settings → Developers) with the shop's seller account, set
          it as <code className="rounded bg-stone-100 px-1">DISCOGS_TOKEN</code> in the shop's settings and restart the shop.
        </p>
      </section>
    );
  }
  return (
    <section className={panel} aria-labelledby="connection-heading" data-testid="discogs-connection">
      <h2 id="connection-heading" className="font-display text-xl font-bold">
        Connection
      </h2>
      {data.paused ? (
        <p role="alert" className="mt-2 rounded bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {data.paused}
        </p>
      ) : (
        <p className="mt-2 text-sm text-stone-700">
          {data.identity
            ? `Connected as ${data.identity.username} (checked ${formatLondonInstant(data.identity.checkedAt)}).`
            : "A token is set. Check it to see which Discogs account it belongs to."}
        </p>
      )}
      <div className="mt-3">
        <RowButton intent="check" schema={checkTokenSchema} fields={{}} reply={reply} className={secondary}>
          Check the token
        </RowButton>
      </div>
    </section>
  );
}

function ListingSwitch({ on }: { on: boolean }) {
  return (
    <section className={panel} aria-labelledby="listing-heading">
      <h2 id="listing-heading" className="font-display text-xl font-bold">
        List used copies on Discogs
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {on
          ? "On: every published used copy in stock with a Discogs release is listed, at the shop's price, and taken off when it sells here."
          : "Off: no new copies are listed. Copies already on Discogs are still kept in step and taken off when they sell here."}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="listing" />
        <input type="hidden" name="listUsed" value={on ? "off" : "on"} />
        <button type="submit" className={on ? secondary : primary}>
          {on ? "Stop listing used copies" : "List used copies on Discogs"}
        </button>
      </Form>
    </section>
  );
}

function Queue({ data, reply }: { data: Data; reply: Route.ComponentProps["actionData"] }) {
  return (
    <section id="queue" className={panel} aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="font-display text-xl font-bold">
        Queue
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Sent one a second (Discogs's limit is 60 a minute); a request Discogs fails is tried again later.
      </p>
      <h3 className="mt-4 font-semibold">Failed ({data.counts.failed})</h3>
      {data.failed.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">Nothing has failed.</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="failed-jobs">
          {data.failed.map((job) => (
            <li key={job.id} className="rounded bg-red-50 p-3 text-sm ring-1 ring-red-200">
              <p className="font-semibold [overflow-wrap:anywhere]">
                {job.kindName}
                {job.copy ? `: ${job.copy}` : ""}
              </p>
              <p className="mt-1 text-red-900 [overflow-wrap:anywhere]">{job.lastError}</p>
              <p className="mt-1 text-stone-600">
                {job.attempts} {job.attempts === 1 ? "try" : "tries"}, last {formatLondonInstant(job.updatedAt)}
              </p>
              <div className="mt-2">
                <RowButton
                  intent="retry"
                  schema={discogsJobIdSchema}
                  fields={{ jobId: job.id }}
                  reply={reply}
                  className={secondary}
                >
                  Try again
                </RowButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-semibold">Waiting ({data.counts.waiting})</h3>
      {data.waiting.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">Nothing is waiting.</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100 text-sm">
          {data.waiting.map((job) => (
            <li key={job.id} className="py-1.5 [overflow-wrap:anywhere]">
              {job.kindName}
              {job.copy ? `: ${job.copy}` : ""}
              {job.attempts > 0 ? (
                <span className="text-stone-600">
                  {" "}
                  — tried {job.attempts}×, next at {formatLondonInstant(job.runAfter)}
                  {job.lastError ? ` (${job.lastError})` : ""}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Orders({ data }: { data: Data }) {
  return (
    <section className={panel} aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="font-display text-xl font-bold">
        Orders from Discogs
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {data.lastPoll
          ? `Last looked ${formatLondonInstant(data.lastPoll.at)}: ${data.lastPoll.found} found, ${data.lastPoll.taken} taken in, ${data.lastPoll.oversold} oversold.`
          : "Not looked for yet. New Discogs orders are fetched every 2 minutes."}
      </p>
      {data.orders.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No Discogs orders yet.</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="discogs-orders">
          {data.orders.map((o) => (
            <li
              key={o.discogsOrderId}
              className={`rounded p-3 text-sm ring-1 ${o.outcome === "oversold" ? "bg-amber-50 ring-amber-300" : "bg-stone-50 ring-stone-200"}`}
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">Discogs order {o.discogsOrderId}</span>
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold ${o.outcome === "oversold" ? "bg-amber-200 text-amber-950" : "bg-emerald-100 text-emerald-900"}`}
                >
                  {o.outcome === "oversold" ? "Oversold: refund on Discogs" : "Taken in"}
                </span>
                {o.totalPence !== null ? <span>{formatPence(o.totalPence)}</span> : null}
                {o.buyer ? <span className="text-stone-600">from {o.buyer}</span> : null}
              </p>
              {o.note ? <p className="mt-1 [overflow-wrap:anywhere]">{o.note}</p> : null}
              {o.orderNumber ? (
                <p className="mt-1">
                  <Link to={`/admin/order-management/${o.orderNumber}`} className="text-needle-dark underline">
                    Order {o.orderNumber}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DiscogsPage({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Discogs</h1>
      <p className="mt-1 text-stone-600">
        Used copies listed on Discogs's Marketplace, kept in step with the shop, and Discogs's orders.
      </p>
      <Connection data={data} reply={actionData} />
      {data.enabled ? (
        <>
          <section className={panel} aria-labelledby="counts-heading">
            <h2 id="counts-heading" className="font-display text-xl font-bold">
              On Discogs
            </h2>
            <dl className="mt-2 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              {(
                [
                  ["Listed", data.counts.listed],
                  ["Sold on Discogs", data.counts.soldOnDiscogs],
                  ["Waiting to send", data.counts.waiting],
                  ["Failed", data.counts.failed],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="rounded bg-stone-50 p-2">
                  <dt className="text-stone-600">{label}</dt>
                  <dd className="text-xl font-bold" data-testid={`count-${label.toLowerCase().replaceAll(" ", "-")}`}>
                    {n}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
          <ListingSwitch on={data.listUsed} />
          <Queue data={data} reply={actionData} />
          <Orders data={data} />
        </>
      ) : null}
    </div>
  );
}
