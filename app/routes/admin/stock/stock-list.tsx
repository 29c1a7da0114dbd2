import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { MostWanted } from "~/components/admin/most-wanted";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { ReasonOptions, StockBadge, buttonClass, inputClass } from "~/components/admin/stock-parts";
import { formatDateGB } from "~/domain/shared/dates";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/domain/stock/low-stock";
import {
  STOCK_FILTERS,
  STOCK_FILTER_LABELS,
  STOCK_SORTS,
  STOCK_SORT_LABELS,
  formatLondonTime,
  parseStockQuery,
  quickAdjustFormSchema,
  stockQueryString,
  stockSortAsColumn,
  stockSortFromColumn,
  STOCK_PATH,
} from "~/domain/stock/stock-rules";
import { stockReturnPath, stockUpdated } from "~/lib/admin-stock.server";
import { formAction } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { replyForRow, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/stock-list";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";

export const handle = staffHandle("stock.manage", { action: "stock.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Stock", description: "Stock levels, goods in and the movement log." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const query = parseStockQuery(url.searchParams);
  return {
    ...context.services.adminStock.list(query, context.today),
    counts: context.services.adminStock.counts(context.today),
    mostWanted: context.services.wants.mostWanted(10),
    today: context.today,
    submissionKey: newSubmissionKey(),
  };
}

/** One intent: a quick adjustment from a row of the table, back to the list as it was filtered. */
export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  return formAction(request, {
    // Each row is its own form: one render's key moves each record's stock once.
    adjust: submitOnce(context.services, actor).intent(
      quickAdjustFormSchema,
      ({ recordId }) => `stock adjust #${recordId}`,
      ({ recordId, ...adjustment }, formData) => {
        const r = context.services.adminStock.adjust(actor, recordId, adjustment);
        const allocated = r.allocated.length ? ` ${r.allocated.length} pre-order(s) allocated.` : "";
        return { to: stockReturnPath(formData), toast: stockUpdated(r, allocated) };
      },
    ),
  });
}

type Row = Route.ComponentProps["loaderData"]["items"][number];

/** A row's quick adjustment: its own Conform form, shown the action's refusal when it was about this row's record. */
function QuickAdjust({ row, back, reply, busy, submissionKey }: RowForm & { row: Row; busy: boolean }) {
  const [form, fields] = useSchemaForm(quickAdjustFormSchema, {
    id: `adjust-${row.id}`,
    lastResult: replyForRow(reply, "adjust", "recordId", row.id),
  });
  const { key: reasonKey, ...reason } = getSelectProps(fields.reason);
  const { key: changeKey, ...change } = getInputProps(fields.change, { type: "number" });
  const message = form.errors?.[0] ?? fields.reason.errors?.[0] ?? fields.change.errors?.[0];
  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        className="flex flex-wrap items-center gap-1.5"
        aria-label={`Adjust stock of ${row.title}`}
      >
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name={fields.recordId.name} value={row.id} />
        <input type="hidden" name="back" value={back} />
        <SubmissionKeyField value={submissionKey} />
        <select key={reasonKey} {...reason} aria-label="Reason" className={`${inputClass} w-40`}>
          <ReasonOptions />
        </select>
        <input key={changeKey} {...change} aria-label="Change" step={1} placeholder="±" className={`${inputClass} w-16`} />
        <button type="submit" className={buttonClass} disabled={busy}>
          Apply
        </button>
      </Form>
      {message && (
        <p id={form.errorId} role="alert" className="mt-1 text-xs text-red-800">
          {message}
        </p>
      )}
    </>
  );
}

/** What every row's form shares: where it returns to, the page's last refusal, and this render's submission key. */
type RowForm = { back: string; reply: FormReply | undefined; submissionKey: string };

/**
 * The table's columns; the last holds each row's quick adjustment, so it needs the page's state. Each row's form is
 * keyed by the render's submission key, so it starts afresh once an adjustment is done.
 */
function stockColumns(shared: RowForm, busyRow: number | null): AdminColumn<Row>[] {
  return [
    {
      header: "Record",
      sortBy: "title",
      sortDirections: ["asc"],
      cell: (r) => (
        <>
          <Link to={`${STOCK_PATH}/${r.id}`} className="font-semibold hover:underline">
            {r.title}
          </Link>
          <div className="text-stone-600">{r.artist}</div>
          {r.catalogNumber && <div className="text-xs text-stone-500">{r.catalogNumber}</div>}
          {!r.published && <div className="text-xs text-stone-500">Unpublished</div>}
        </>
      ),
    },
    {
      header: "Stock",
      sortBy: "stock",
      cell: (r) => (
        <>
          <StockBadge stock={r.stock} level={r.level} />
          <div className="mt-1 text-xs text-stone-500">Low at ≤ {r.threshold ?? `${DEFAULT_LOW_STOCK_THRESHOLD} (default)`}</div>
          {r.preOrder && <div className="mt-1 text-xs font-semibold text-needle-dark">Pre-order</div>}
          {r.waitingPreOrders > 0 && <div className="text-xs text-stone-600">{r.waitingPreOrders} awaiting</div>}
        </>
      ),
    },
    {
      header: "Release / last sale",
      sortBy: "release",
      sortDirections: ["desc"],
      className: "text-stone-700",
      cell: (r) => (
        <>
          <div>{r.releaseDate ? formatDateGB(r.releaseDate) : "—"}</div>
          <div className="text-xs text-stone-500">{r.lastSaleAt ? `Sold ${formatLondonTime(r.lastSaleAt)}` : "No sales"}</div>
        </>
      ),
    },
    {
      header: "Quick adjust",
      className: "w-80",
      cell: (r) => <QuickAdjust key={shared.submissionKey} row={r} busy={busyRow === r.id} {...shared} />,
    },
  ];
}

export default function StockList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, query, total, page, pageCount, counts, mostWanted, today } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const back = location.pathname + location.search;
  const busyRow = navigation.formData?.get("intent") === "adjust" ? Number(navigation.formData.get("recordId")) : null;
  const listHref = (changes: Partial<typeof query>) => `${STOCK_PATH}${stockQueryString({ ...query, ...changes })}`;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-needle-dark uppercase">Admin</p>
          <h1 className="mt-1 font-display text-3xl font-bold sm:text-4xl">Stock</h1>
        </div>
        <Link to={`${STOCK_PATH}/goods-in`} className={buttonClass + " py-2"}>
          Goods in
        </Link>
      </div>
      <p className="mt-2 text-sm text-stone-600">
        <Link className="underline" to={`${STOCK_PATH}?filter=low`}>
          {counts.low} low
        </Link>{" "}
        ·{" "}
        <Link className="underline" to={`${STOCK_PATH}?filter=out`}>
          {counts.out} out of stock
        </Link>{" "}
        · low means at or below the record&apos;s threshold (shop default {DEFAULT_LOW_STOCK_THRESHOLD}).
      </p>

      {/* Keyed by the query, so a sort chosen from a column heading shows in the form's own fields. */}
      <Form
        key={listHref({})}
        method="get"
        role="search"
        aria-label="Filter stock"
        className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[1fr_auto_auto_auto]"
      >
        <label className="text-sm">
          <span className="block font-medium">Search</span>
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Title, artist or catalogue number"
            className={`${inputClass} mt-1 w-full`}
          />
        </label>
        <label className="text-sm">
          <span className="block font-medium">Show</span>
          <select name="filter" defaultValue={query.filter} className={`${inputClass} mt-1 w-full`}>
            {STOCK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {STOCK_FILTER_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block font-medium">Sort</span>
          <select name="sort" defaultValue={query.sort} className={`${inputClass} mt-1 w-full`}>
            {STOCK_SORTS.map((s) => (
              <option key={s} value={s}>
                {STOCK_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end">
          <button type="submit" className={buttonClass + " w-full py-2"}>
            Apply
          </button>
        </div>
      </Form>

      <AdminTable
        caption="Stock levels"
        rows={items}
        rowKey={(r) => r.id}
        columns={stockColumns({ back, reply: actionData, submissionKey: loaderData.submissionKey }, busyRow)}
        empty="No records match."
        minWidth="min-w-[720px]"
        sort={{
          ...stockSortAsColumn(query.sort),
          hrefFor: (by, dir) => listHref({ sort: stockSortFromColumn(by, dir), page: 1 }),
        }}
        paging={{ total, page, pageCount, noun: ["record", "records"], hrefFor: (p) => listHref({ page: p }) }}
      />
      <MostWanted items={mostWanted} today={today} />
    </div>
  );
}
