import { data, Form, Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { Icon } from "~/components/icons/icon";
import { describeSnapshot } from "~/domain/admin/audit";
import {
  AUDIT_CSV_LIMIT,
  AUDIT_MAX_PAGE,
  AUDIT_PAGE_SIZE,
  areaLabel,
  auditLogQuerySchema,
  auditLogSearch,
  thingHref,
  type AuditLogQuery,
} from "~/domain/admin/audit-log";
import { londonDateTime } from "~/domain/orders/order-admin";
import { formatDayGB } from "~/domain/shared/dates";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { FilterActions } from "~/components/admin/filter-actions";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Audit log", description: "Every change made in the back office: who, when, from where and what." }),
  { name: "robots", content: "noindex" },
];

export const handle = staffHandle("staff.manage");
const PATH = "/admin/audit-log";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  // A hand-edited address: say what is wrong and show the whole log rather than fail.
  const { query, problem } = readSearchParams(auditLogQuerySchema, url.searchParams);
  const { audit } = context.services;
  const found = audit.search(query);
  const rows = found.rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    when: londonDateTime(r.createdAt),
    who: r.actorName,
    actorId: r.actorId,
    ip: r.actorIp,
    area: r.area,
    permission: r.permission,
    thing: { type: r.entityType, id: r.entityId, href: thingHref(r.entityType, r.entityId) },
    action: r.action,
    before: r.before ? describeSnapshot(r.before) : null,
    after: r.after ? describeSnapshot(r.after) : null,
  }));
  return data({ ...found, rows, query, problem, choices: audit.choices() }, { status: problem ? 400 : 200 });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

// Four columns, each with its details beneath, so a row fits the back office's width: a table of eight would
// hide the change itself behind a sideways scroll on every screen.
const columns: AdminColumn<Row>[] = [
  {
    header: "When and from",
    className: "whitespace-nowrap tabular-nums text-stone-700",
    cell: (r) => (
      <>
        <time dateTime={r.createdAt}>{r.when}</time>
        <span className="block max-w-[10rem] font-mono text-xs break-all whitespace-normal text-stone-600">{r.ip ?? "—"}</span>
      </>
    ),
  },
  {
    header: "Who",
    rowHeader: true,
    // A long username breaks rather than push the change out of view.
    className: "max-w-[9rem] font-medium [overflow-wrap:anywhere]",
    cell: (r) => (
      <>
        {r.actorId === null ? (
          r.who
        ) : (
          <Link to={`${PATH}${auditLogSearch({ who: String(r.actorId) })}`} className="underline-offset-2 hover:underline">
            {r.who}
          </Link>
        )}
        <span className="block font-mono text-xs font-normal text-stone-600">{r.permission ?? "—"}</span>
      </>
    ),
  },
  {
    header: "Thing",
    className: "max-w-[12rem] break-words",
    cell: (r) => (
      <>
        <span className="block text-xs text-stone-600">
          {r.thing.type}
          {r.area && ` · ${areaLabel(r.area)}`}
        </span>
        <Link
          to={r.thing.href ?? `${PATH}${auditLogSearch({ type: r.thing.type, id: r.thing.id })}`}
          className="font-mono text-needle-dark underline underline-offset-2 hover:text-needle"
        >
          {r.thing.id}
        </Link>
      </>
    ),
  },
  {
    header: "Change",
    className: "min-w-[14rem] break-words",
    cell: (r) => (
      <>
        <span className="block font-semibold">{r.action}</span>
        {r.before !== null && <span className="block text-xs text-stone-600">Before: {r.before}</span>}
        {r.after !== null && <span className="block text-xs text-stone-900">After: {r.after}</span>}
      </>
    ),
  },
];

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

function Filters({ query, choices }: { query: AuditLogQuery; choices: Route.ComponentProps["loaderData"]["choices"] }) {
  // A person named in the address but no longer an account (their rows keep the name) stays chosen.
  const people = choices.people.map((p) => ({ value: String(p.id), label: p.name }));
  if (query.who && !people.some((p) => p.value === query.who)) people.push({ value: query.who, label: query.who });
  const types = query.type && !choices.types.includes(query.type) ? [...choices.types, query.type] : choices.types;
  const areas = query.area && !choices.areas.includes(query.area) ? [...choices.areas, query.area] : choices.areas;
  return (
    <Form
      method="get"
      className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-3"
    >
      <label className="text-sm font-medium">
        Person
        <select name="who" defaultValue={query.who ?? ""} className={input}>
          <option value="">Anyone</option>
          {people.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Area
        <select name="area" defaultValue={query.area ?? ""} className={input}>
          <option value="">Every area</option>
          {areas.map((a) => (
            <option key={a} value={a}>
              {areaLabel(a)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Thing
        <select name="type" defaultValue={query.type ?? ""} className={input}>
          <option value="">Anything</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Its id
        <input
          name="id"
          type="search"
          maxLength={100}
          defaultValue={query.id ?? ""}
          placeholder="ND-1001, 42"
          className={input}
        />
      </label>
      <label className="text-sm font-medium">
        From
        <input name="from" type="date" defaultValue={query.from ?? ""} className={input} />
      </label>
      <label className="text-sm font-medium">
        To
        <input name="to" type="date" defaultValue={query.to ?? ""} className={input} />
      </label>
      <FilterActions
        clearTo={PATH}
        submitLabel="Show changes"
        className="col-span-2 flex items-end justify-end gap-2 sm:col-span-3"
      />
    </Form>
  );
}

/** The date filter in words: "from 1 Jul 2026 to 2 Jul 2026" (London days). */
function rangeWords(from?: string, to?: string): string | null {
  const day = (iso: string) => formatDayGB(`${iso}T12:00:00Z`);
  if (from && to) return from === to ? `on ${day(from)}` : `from ${day(from)} to ${day(to)}`;
  if (from) return `from ${day(from)}`;
  if (to) return `up to ${day(to)}`;
  return null;
}

export default function AuditLog({ loaderData: d }: Route.ComponentProps) {
  const { query } = d;
  const filters = { ...query, page: undefined };
  const range = rangeWords(query.from, query.to);
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">Audit log</h1>
          <p className="mt-1 max-w-prose text-stone-600">
            Every change made in the back office, and every download of shop data: who, when (London time), from which address and
            under which permission. Rows are never changed or removed.
          </p>
        </div>
        <a
          href={`${PATH}.csv${auditLogSearch(filters)}`}
          download
          className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          <Icon name="download" className="size-4" />
          Export CSV
        </a>
      </div>
      {d.problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {d.problem}
        </p>
      )}
      <Filters query={query} choices={d.choices} />
      {range && <p className="mt-3 text-sm text-stone-600">Changes {range}.</p>}

      <AdminTable
        caption="Audit log"
        rows={d.rows}
        rowKey={(r) => r.id}
        columns={columns}
        empty="No changes match these filters."
        minWidth="min-w-[32rem]"
        paging={{
          total: d.total,
          page: d.page,
          pageCount: d.pageCount,
          noun: ["change", "changes"],
          hrefFor: (page) => `${PATH}${auditLogSearch({ ...filters, page })}`,
        }}
      />
      {d.more && (
        <p className="mt-3 text-sm text-stone-600">
          The log pages back through the newest {(AUDIT_PAGE_SIZE * AUDIT_MAX_PAGE).toLocaleString("en-GB")} matching changes:
          narrow the filters (a person, an area or dates) to see older ones.
        </p>
      )}
      <p className="mt-6 text-sm text-stone-600">
        The CSV holds the newest {AUDIT_CSV_LIMIT.toLocaleString("en-GB")} rows that match the filters.
      </p>
    </div>
  );
}
