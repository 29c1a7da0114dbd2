import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { RowButton } from "~/components/admin/row-button";
import { recordPath } from "~/domain/catalogue/slug";
import {
  addMonths,
  formatLondonInstant,
  formatMonth,
  londonLocal,
  monthGrid,
  monthRange,
  moveReleaseDateSchema,
  publishNowSchema,
  RELEASE_STATUS_LABELS,
  SCHEDULE_PATH,
  schedulePageQuerySchema,
  scheduleSchema,
  type ReleaseStatus,
} from "~/domain/schedule/schedule";
import { formatDateGB } from "~/domain/shared/dates";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { confirmAskOf, isConfirmed, type ConfirmAsk } from "~/lib/forms/confirm-step";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor, replyForRow } from "~/lib/forms/form-reply";
import { readSearchParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/schedule";
import { askToUnpublish, movedToast, publishedToast, scheduleBack, scheduledToast } from "./schedule.server";

export const handle = staffHandle("schedule.manage", { action: "schedule.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Release schedule", description: "Release calendar and scheduled publishing." }),
  { name: "robots", content: "noindex" },
];

const PATH = SCHEDULE_PATH;

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { query } = readSearchParams(schedulePageQuerySchema, url.searchParams);
  const { view, page } = query;
  const month = query.month ?? context.today.slice(0, 7);
  const today = { today: context.today };
  const s = context.services.adminSchedule;
  return {
    month,
    view,
    today: context.today,
    calendar: view === "calendar" ? s.calendar(month, today) : [],
    // The list shows the month chosen, as the calendar does.
    upcoming: view === "list" ? s.upcoming({ ...monthRange(month), page }, today) : null,
    scheduled: s.scheduled(today),
    posts: s.postChoices(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const s = context.services.adminSchedule;
  const publish = intent(
    publishNowSchema,
    (item, form) => redirectWithToast(scheduleBack(form), publishedToast(s.publishNow(actor, item), true)),
    { form: scheduleSchema },
  );
  return formAction(request, {
    move: intent(moveReleaseDateSchema, ({ recordId, releaseDate, keepPhysicalReleaseDate }, form) =>
      redirectWithToast(
        scheduleBack(form),
        movedToast(s.moveReleaseDate(actor, recordId, releaseDate, { today: context.today, keepPhysicalReleaseDate })),
      ),
    ),
    schedule: intent(scheduleSchema, (item, form) =>
      redirectWithToast(scheduleBack(form), scheduledToast(s.schedule(actor, item))),
    ),
    "publish-now": publish,
    "publish-scheduled": publish,
    // Taking a record off the shop asks first: the first post answers with the question, the panel's post does it.
    unpublish: intent(
      publishNowSchema,
      async (item, form): Promise<ConfirmAsk | Response> => {
        const back = scheduleBack(form);
        if (!isConfirmed(form)) return askToUnpublish(s.unpublishable(item), back);
        return redirectWithToast(back, publishedToast(s.unpublish(actor, item), false));
      },
      { form: scheduleSchema },
    ),
  });
}

const STATUS_STYLE: Record<ReleaseStatus, string> = {
  "pre-order": "bg-amber-100 text-amber-900",
  "new-release": "bg-emerald-100 text-emerald-900",
  released: "bg-stone-100 text-stone-700",
  undated: "bg-stone-100 text-stone-700",
};

type Entry = Route.ComponentProps["loaderData"]["calendar"][number];
type Reply = Route.ComponentProps["actionData"];

function StatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{RELEASE_STATUS_LABELS[status]}</span>
  );
}

function MoveForm({ entry, back, reply, compact = false }: { entry: Entry; back: string; reply: Reply; compact?: boolean }) {
  const [form, fields] = useSchemaForm(moveReleaseDateSchema, {
    lastResult: replyForRow(reply, "move", "recordId", entry.id),
    defaultValue: { recordId: String(entry.id), releaseDate: entry.releaseDate },
  });
  const { key, ...releaseDate } = getInputProps(fields.releaseDate, { type: "date" });
  const { key: keepKey, ...keep } = getInputProps(fields.keepPhysicalReleaseDate, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className={`flex flex-wrap items-end gap-2 ${compact ? "mt-1" : ""}`}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name={fields.recordId.name} value={entry.id} />
      <input type="hidden" name="back" value={back} />
      <label className="text-xs text-stone-600">
        <span className="sr-only">New release date for {entry.title}</span>
        <input key={key} {...releaseDate} className="rounded border border-stone-300 px-1.5 py-1 text-sm text-stone-900" />
      </label>
      {entry.physicalReleaseDate ? (
        // The physical release moves by the same days unless kept (the shop is told of both in the history).
        // A calendar day is narrow: there the words are fewer and the date may wrap.
        <label className="flex max-w-[13rem] min-w-0 items-start gap-1.5 text-xs text-stone-700">
          <input key={keepKey} {...keep} className="mt-0.5 shrink-0" />
          <span className="min-w-0">
            {compact ? "Keep physical date" : "Keep the physical release date"}{" "}
            <span className={compact ? "" : "whitespace-nowrap"}>({formatDateGB(entry.physicalReleaseDate)})</span>
          </span>
        </label>
      ) : null}
      <button type="submit" className="rounded bg-stone-900 px-2 py-1 text-xs font-semibold text-white hover:bg-stone-700">
        Move date
      </button>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <FieldMessage field={fields.releaseDate} />
    </Form>
  );
}

function EntryLine({ entry, back, reply, inCell = false }: { entry: Entry; back: string; reply: Reply; inCell?: boolean }) {
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
        <MoveForm entry={entry} back={back} reply={reply} compact />
      </details>
    </div>
  );
}

const SCHEDULE_FORM_INTENTS = ["schedule", "publish-now", "unpublish"];
const field = "mt-1 w-full rounded border border-stone-300 px-2 py-1.5";

/** One form, three buttons: schedule for a London date and time, publish now, or take off the shop. */
function ScheduleForm({
  back,
  posts,
  today,
  reply,
}: {
  back: string;
  posts: { slug: string; title: string }[];
  today: string;
  reply: Reply;
}) {
  const asked = reply?.intent && SCHEDULE_FORM_INTENTS.includes(reply.intent) ? reply.intent : "schedule";
  const [form, fields] = useSchemaForm(scheduleSchema, {
    lastResult: replyFor(reply, asked),
    defaultValue: { kind: "record", date: today, time: "09:00" },
    // Publishing now or taking off the shop needs only the record or post, not a date and time.
    intents: { "publish-now": publishNowSchema, unpublish: publishNowSchema },
  });
  const { key: kindKey, ...kind } = getSelectProps(fields.kind);
  const { key: targetKey, ...target } = getInputProps(fields.target, { type: "text" });
  const { key: dateKey, ...date } = getInputProps(fields.date, { type: "date" });
  const { key: timeKey, ...time } = getInputProps(fields.time, { type: "time" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 grid gap-3 rounded-lg bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-5"
      aria-labelledby="schedule-form-heading"
    >
      <h3 id="schedule-form-heading" className="font-semibold sm:col-span-2 lg:col-span-5">
        Schedule a record or post
      </h3>
      <input type="hidden" name="back" value={back} />
      <div className="sm:col-span-2 lg:col-span-5">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <div className="text-sm">
        <label htmlFor={fields.kind.id} className="block text-stone-700">
          Kind
        </label>
        <select key={kindKey} {...kind} className={field}>
          <option value="record">Record</option>
          <option value="post">Magazine post</option>
        </select>
        <FieldMessage field={fields.kind} />
      </div>
      <div className="text-sm">
        <label htmlFor={fields.target.id} className="block text-stone-700">
          Record number or post slug
        </label>
        <input key={targetKey} {...target} list="schedule-targets" className={field} />
        <datalist id="schedule-targets">
          {posts.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.title}
            </option>
          ))}
        </datalist>
        <FieldMessage field={fields.target} />
      </div>
      <div className="text-sm">
        <label htmlFor={fields.date.id} className="block text-stone-700">
          Date
        </label>
        <input key={dateKey} {...date} className={field} />
        <FieldMessage field={fields.date} />
      </div>
      <div className="text-sm">
        <label htmlFor={fields.time.id} className="block text-stone-700">
          Time (London)
        </label>
        <input key={timeKey} {...time} className={field} />
        <FieldMessage field={fields.time} />
      </div>
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
          formNoValidate
          className="rounded border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100"
        >
          Publish now
        </button>
        <button
          type="submit"
          name="intent"
          value="unpublish"
          formNoValidate
          className="rounded border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100"
        >
          Unpublish
        </button>
      </div>
    </Form>
  );
}

export default function ScheduleManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { month, view, calendar, upcoming, scheduled, posts, today } = loaderData;
  const back = `${PATH}?month=${month}${view === "list" ? "&view=list" : ""}`;
  const byDay = new Map<string, Entry[]>();
  for (const e of calendar) byDay.set(e.releaseDate.slice(0, 10), [...(byDay.get(e.releaseDate.slice(0, 10)) ?? []), e]);
  const now = londonLocal(new Date());
  const ask = confirmAskOf(actionData);

  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Release schedule</h1>
      <p className="mt-1 text-stone-600">
        Pre-orders and new releases by release date (London), and what is scheduled to appear.
      </p>
      {ask ? <ConfirmStep ask={ask} /> : null}

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
                            <EntryLine key={e.id} entry={e} back={back} reply={actionData} inCell />
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
                    <EntryLine key={e.id} entry={e} back={back} reply={actionData} />
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
            {upcoming.total.toLocaleString("en-GB")} {upcoming.total === 1 ? "record" : "records"} released in{" "}
            {formatMonth(month)}, soonest first.
          </p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
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
                      <MoveForm entry={e} back={`${back}&page=${upcoming.page}`} reply={actionData} />
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
                <div className="ml-auto">
                  <RowButton
                    intent="publish-scheduled"
                    schema={publishNowSchema}
                    fields={{ kind: item.kind, target: item.target, back }}
                    reply={actionData}
                    className="rounded border border-stone-300 px-2 py-1 text-xs font-semibold hover:bg-stone-100"
                  >
                    Publish now
                  </RowButton>
                </div>
              </li>
            ))}
          </ul>
        )}

        <ScheduleForm back={back} posts={posts} today={now.date} reply={actionData} />
      </section>
    </div>
  );
}
