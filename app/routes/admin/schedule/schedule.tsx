import { data, Form, Link } from "react-router";
import { recordPath } from "~/domain/catalogue/slug";
import {
  addMonths,
  formatLondonInstant,
  formatMonth,
  londonLocal,
  monthGrid,
  monthSchema,
  moveReleaseDateSchema,
  publishNowSchema,
  RELEASE_STATUS_LABELS,
  scheduleSchema,
  upcomingQuerySchema,
  type ReleaseStatus,
} from "~/domain/schedule/schedule";
import { formatDateGB } from "~/domain/shared/dates";
import { DomainError, httpStatusOf } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/schedule";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Release schedule", description: "Release calendar and scheduled publishing." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/schedule-management";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const asked = monthSchema.safeParse(url.searchParams.get("month") ?? "");
  const month = asked.success ? asked.data : context.today.slice(0, 7);
  const view = url.searchParams.get("view") === "list" ? "list" : "calendar";
  const s = context.services.adminSchedule;
  const upcomingQuery = upcomingQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  return {
    month,
    view,
    today: context.today,
    calendar: view === "calendar" ? s.calendar(month, { today: context.today }) : [],
    upcoming:
      view === "list" ? s.upcoming(upcomingQuery.success ? upcomingQuery.data : { page: 1 }, { today: context.today }) : null,
    scheduled: s.scheduled({ today: context.today }),
    posts: s.postChoices(),
  };
}

type ActionResult = { intent: string; error: string; fields?: Record<string, string[]>; target?: string };

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const actor = { id: user.id, username: user.username };
  const form = Object.fromEntries(await request.formData());
  const intent = typeof form.intent === "string" ? form.intent : "";
  const back = typeof form.back === "string" && form.back.startsWith(`${PATH}`) ? form.back : PATH;
  const s = context.services.adminSchedule;
  try {
    switch (intent) {
      case "move": {
        const input = parseInput(moveReleaseDateSchema, form, { message: "first" });
        const moved = s.moveReleaseDate(actor, input.recordId, input.releaseDate, { today: context.today });
        const told = `${moved.told} customer${moved.told === 1 ? "" : "s"} told`;
        return redirectWithToast(back, {
          type: "success",
          title: moved.changed ? `Release date moved; ${told}` : `Release date unchanged; ${told}`,
          description: `Now ${formatDateGB(moved.releaseDate)}: ${RELEASE_STATUS_LABELS[moved.status].toLowerCase()}.`,
        });
      }
      case "schedule": {
        const item = s.schedule(actor, parseInput(scheduleSchema, form, { message: "first" }));
        return redirectWithToast(back, {
          type: "success",
          title: "Scheduled",
          description: `${item.name} appears ${formatLondonInstant(item.publishAt!)}.`,
        });
      }
      case "publish-now": {
        const item = s.publishNow(actor, parseInput(publishNowSchema, form, { message: "first" }));
        return redirectWithToast(back, { type: "success", title: "Published", description: `${item.name} is on the shop now.` });
      }
      case "unpublish": {
        const item = s.unpublish(actor, parseInput(publishNowSchema, form, { message: "first" }));
        return redirectWithToast(back, {
          type: "success",
          title: "Unpublished",
          description: `${item.name} is hidden from the shop.`,
        });
      }
      default:
        return data<ActionResult>({ intent, error: "Unknown action." }, { status: 400 });
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fields = "fields" in error ? (error.fields as Record<string, string[]> | undefined) : undefined;
    const status = httpStatusOf(error);
    return data<ActionResult>(
      { intent, error: error.message, fields, target: String(form.recordId ?? form.target ?? "") },
      { status: status === 404 ? 400 : status },
    );
  }
}

const STATUS_STYLE: Record<ReleaseStatus, string> = {
  "pre-order": "bg-amber-100 text-amber-900",
  "new-release": "bg-emerald-100 text-emerald-900",
  released: "bg-stone-100 text-stone-700",
  undated: "bg-stone-100 text-stone-700",
};

type Entry = Route.ComponentProps["loaderData"]["calendar"][number];

function StatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{RELEASE_STATUS_LABELS[status]}</span>
  );
}

function MoveForm({ entry, back, compact = false }: { entry: Entry; back: string; compact?: boolean }) {
  return (
    <Form method="post" className={`flex flex-wrap items-end gap-2 ${compact ? "mt-1" : ""}`}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="recordId" value={entry.id} />
      <input type="hidden" name="back" value={back} />
      <label className="text-xs text-stone-600">
        <span className="sr-only">New release date for {entry.title}</span>
        <input
          type="date"
          name="releaseDate"
          required
          defaultValue={entry.releaseDate}
          className="rounded border border-stone-300 px-1.5 py-1 text-sm text-stone-900"
        />
      </label>
      <button type="submit" className="rounded bg-stone-900 px-2 py-1 text-xs font-semibold text-white hover:bg-stone-700">
        Move date
      </button>
    </Form>
  );
}

function EntryLine({ entry, back, inCell = false }: { entry: Entry; back: string; inCell?: boolean }) {
  // A calendar day is about 100 px wide at 1280: small type, and words broken by hyphenation, not mid-letter.
  const size = inCell ? "p-1.5 text-xs hyphens-auto [overflow-wrap:break-word]" : "p-2 text-sm [overflow-wrap:anywhere]";
  return (
    <div className={`min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-stone-200 ${size}`} data-testid={`entry-${entry.id}`}>
      <Link to={recordPath(entry)} className="font-semibold text-stone-900 hover:underline">
        {entry.artist} – {entry.title}
      </Link>
      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-stone-600">
        <StatusBadge status={entry.status} />
        {entry.openPreOrders > 0 ? <span>{entry.openPreOrders} waiting</span> : null}
        {!entry.published || entry.publishAt ? <span className="text-red-800">Hidden</span> : null}
      </div>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs text-needle-dark">Change date</summary>
        <MoveForm entry={entry} back={back} compact />
      </details>
    </div>
  );
}

export default function ScheduleManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { month, view, calendar, upcoming, scheduled, posts, today } = loaderData;
  const back = `${PATH}?month=${month}${view === "list" ? "&view=list" : ""}`;
  const byDay = new Map<string, Entry[]>();
  for (const e of calendar) byDay.set(e.releaseDate.slice(0, 10), [...(byDay.get(e.releaseDate.slice(0, 10)) ?? []), e]);
  const now = londonLocal(new Date());
  const failure = actionData && "error" in actionData ? actionData : null;

  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Release schedule</h1>
      <p className="mt-1 text-stone-600">
        Pre-orders and new releases by release date (London), and what is scheduled to appear.
      </p>

      {failure ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {failure.error}
        </div>
      ) : null}

      <nav aria-label="Month" className="mt-6 flex flex-wrap items-center gap-3">
        <Link
          className="rounded border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100"
          to={`${PATH}?month=${addMonths(month, -1)}${view === "list" ? "&view=list" : ""}`}
        >
          ‹ {formatMonth(addMonths(month, -1))}
        </Link>
        <h2 className="font-display text-xl font-bold">{formatMonth(month)}</h2>
        <Link
          className="rounded border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100"
          to={`${PATH}?month=${addMonths(month, 1)}${view === "list" ? "&view=list" : ""}`}
        >
          {formatMonth(addMonths(month, 1))} ›
        </Link>
        <span className="ml-auto flex gap-1 text-sm">
          <Link
            aria-current={view === "calendar" ? "page" : undefined}
            className={`rounded px-3 py-1.5 ${view === "calendar" ? "bg-stone-900 text-white" : "border border-stone-300"}`}
            to={`${PATH}?month=${month}`}
          >
            Calendar
          </Link>
          <Link
            aria-current={view === "list" ? "page" : undefined}
            className={`rounded px-3 py-1.5 ${view === "list" ? "bg-stone-900 text-white" : "border border-stone-300"}`}
            to={`${PATH}?month=${month}&view=list`}
          >
            List
          </Link>
        </span>
      </nav>

      {view === "calendar" ? (
        <>
          <div className="mt-4 hidden lg:block" data-testid="calendar-grid">
            <div className="grid grid-cols-7 gap-1 text-xs font-semibold text-stone-600">
              {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((d) => (
                <div key={d} className="px-1">
                  {d}
                </div>
              ))}
            </div>
            {monthGrid(month).map((week, i) => (
              <div key={i} className="mt-1 grid grid-cols-7 gap-1">
                {week.map((day, j) => (
                  <div
                    key={day ?? `blank-${j}`}
                    className={`min-h-24 min-w-0 rounded-lg p-1 ${day ? "bg-stone-50 ring-1 ring-stone-200" : ""} ${day === today ? "ring-2 ring-needle-dark" : ""}`}
                  >
                    {day ? (
                      <>
                        <div className="text-xs font-semibold text-stone-600">{Number(day.slice(8))}</div>
                        <div className="mt-1 space-y-1">
                          {(byDay.get(day) ?? []).map((e) => (
                            <EntryLine key={e.id} entry={e} back={back} inCell />
                          ))}
                        </div>
                      </>
                    ) : null}
                  </div>
                ))}
              </div>
            ))}
          </div>
          <div className="mt-4 space-y-4 lg:hidden" data-testid="calendar-days">
            {byDay.size === 0 ? <p className="text-stone-600">No releases this month.</p> : null}
            {[...byDay.entries()].map(([day, entries]) => (
              <section key={day}>
                <h3 className="text-sm font-semibold text-stone-700">{formatDateGB(day)}</h3>
                <div className="mt-1 space-y-1">
                  {entries.map((e) => (
                    <EntryLine key={e.id} entry={e} back={back} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </>
      ) : null}

      {view === "list" && upcoming ? (
        <section className="mt-4">
          <p className="text-sm text-stone-600">
            {upcoming.total.toLocaleString("en-GB")} records released from {formatDateGB(upcoming.from)} on, soonest first.
          </p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="text-xs text-stone-600 uppercase">
                <tr>
                  <th className="py-2 pr-2">Release date</th>
                  <th className="py-2 pr-2">Record</th>
                  <th className="py-2 pr-2">Status</th>
                  <th className="py-2 pr-2">Waiting</th>
                  <th className="py-2">Move to</th>
                </tr>
              </thead>
              <tbody>
                {upcoming.items.map((e) => (
                  <tr key={e.id} className="border-t border-stone-200" data-testid={`row-${e.id}`}>
                    <td className="py-2 pr-2 whitespace-nowrap">{formatDateGB(e.releaseDate)}</td>
                    <td className="py-2 pr-2">
                      <Link to={recordPath(e)} className="font-semibold hover:underline">
                        {e.artist} – {e.title}
                      </Link>
                    </td>
                    <td className="py-2 pr-2">
                      <StatusBadge status={e.status} />
                    </td>
                    <td className="py-2 pr-2">{e.openPreOrders}</td>
                    <td className="py-2">
                      <MoveForm entry={e} back={`${back}&page=${upcoming.page}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="mt-3 flex gap-3 text-sm">
            {upcoming.page > 1 ? <Link to={`${back}&page=${upcoming.page - 1}`}>‹ Previous</Link> : null}
            <span>
              Page {upcoming.page} of {upcoming.pages}
            </span>
            {upcoming.page < upcoming.pages ? <Link to={`${back}&page=${upcoming.page + 1}`}>Next ›</Link> : null}
          </nav>
        </section>
      ) : null}

      <section className="mt-10" aria-labelledby="scheduled-heading">
        <h2 id="scheduled-heading" className="font-display text-2xl font-bold">
          Scheduled
        </h2>
        <p className="mt-1 text-sm text-stone-600">Hidden from the shop until their time; times are London time.</p>
        {scheduled.length === 0 ? (
          <p className="mt-3 text-stone-600">Nothing is scheduled.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200 rounded-lg bg-white ring-1 ring-stone-200">
            {scheduled.map((item) => (
              <li
                key={`${item.kind}-${item.id}`}
                className="flex flex-wrap items-center gap-3 p-3 text-sm"
                data-testid={`scheduled-${item.kind}-${item.id}`}
              >
                <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold uppercase">{item.kind}</span>
                <span className="font-semibold">{item.name}</span>
                <span className="text-stone-600">
                  {item.publishAt
                    ? item.publishAt.length > 10
                      ? formatLondonInstant(item.publishAt)
                      : formatDateGB(item.publishAt)
                    : "Unpublished"}
                </span>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="publish-now" />
                  <input type="hidden" name="kind" value={item.kind} />
                  <input type="hidden" name="target" value={item.target} />
                  <input type="hidden" name="back" value={back} />
                  <button
                    type="submit"
                    className="rounded border border-stone-300 px-2 py-1 text-xs font-semibold hover:bg-stone-100"
                  >
                    Publish now
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}

        <Form
          method="post"
          className="mt-6 grid gap-3 rounded-lg bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-5"
          aria-labelledby="schedule-form-heading"
        >
          <h3 id="schedule-form-heading" className="font-semibold sm:col-span-2 lg:col-span-5">
            Schedule a record or post
          </h3>
          <input type="hidden" name="back" value={back} />
          <label className="text-sm">
            <span className="block text-stone-700">Kind</span>
            <select name="kind" defaultValue="record" className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5">
              <option value="record">Record</option>
              <option value="post">Magazine post</option>
            </select>
          </label>
          <label className="text-sm">
            <span className="block text-stone-700">Record number or post slug</span>
            <input
              name="target"
              required
              maxLength={200}
              list="schedule-targets"
              className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
              defaultValue={failure?.target ?? ""}
            />
            <datalist id="schedule-targets">
              {posts.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.title}
                </option>
              ))}
            </datalist>
          </label>
          <label className="text-sm">
            <span className="block text-stone-700">Date</span>
            <input
              type="date"
              name="date"
              defaultValue={now.date}
              className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
            />
          </label>
          <label className="text-sm">
            <span className="block text-stone-700">Time (London)</span>
            <input
              type="time"
              name="time"
              defaultValue="09:00"
              className="mt-1 w-full rounded border border-stone-300 px-2 py-1.5"
            />
          </label>
          <div className="flex flex-wrap items-end gap-2">
            <button
              type="submit"
              name="intent"
              value="schedule"
              className="rounded bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-700"
            >
              Schedule
            </button>
            <button
              type="submit"
              name="intent"
              value="publish-now"
              className="rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100"
            >
              Publish now
            </button>
            <button
              type="submit"
              name="intent"
              value="unpublish"
              className="rounded border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100"
            >
              Unpublish
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
