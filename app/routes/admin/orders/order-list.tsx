import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { FieldMessage } from "~/components/admin/form-field";
import { Icon } from "~/components/icons/icon";
import { OrderStatusBadge } from "~/components/order-status-badge";
import {
  ORDER_PAGE_SIZES,
  ORDER_SORT_WORDS,
  ORDER_SORTS,
  londonDateTime,
  orderListQuerySchema,
  orderListSearch,
  type OrderListQuery,
} from "~/domain/orders/order-admin";
import { ORDER_STATUSES, orderStatusWords } from "~/domain/orders/order-status";
import { formatPence } from "~/domain/shared/money";
import { bulkPackSchema, bulkResultToast } from "~/domain/orders/order-bulk";
import { eachOrder } from "~/lib/admin/bulk.server";
import { formAction } from "~/lib/forms/form-action.server";
import type { FormReply } from "~/lib/forms/form-reply";
import { readSearchParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission, staffIntent, staffMay } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useHydrated } from "~/lib/use-hydrated";
import { OrderBulkBar } from "./order-bulk-bar";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { FilterActions } from "~/components/admin/filter-actions";
import type { Route } from "./+types/order-list";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";

// Packing the ticked orders needs what the packing queue needs; printing and the export check their own pages'.
export const handle = staffHandle("orders.view", { intents: { pack: "orders.dispatch" } });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Orders", description: "Needledrop orders: find, pack, ship, cancel and refund." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  // A hand-edited address: say what is wrong and show the unfiltered list rather than fail.
  const { query, problem } = readSearchParams(orderListQuerySchema, url.searchParams);
  const may = { pack: staffMay(staff, "orders.dispatch"), export: staffMay(staff, "customers.export") };
  // "Select all on this page" without a script: the page again with every box ticked.
  const selectAll = url.searchParams.get("select") === "page";
  return data({ ...context.services.adminOrders.list(query), problem, may, selectAll }, { status: problem ? 400 : 200 });
}

/** The page the list was on (its filters kept), without the select-all switch. */
function listAddress(url: URL): string {
  const search = new URLSearchParams(url.searchParams);
  search.delete("select");
  const text = search.toString();
  return `${url.pathname}${text ? `?${text}` : ""}`;
}

/** The bulk action: pack the ticked orders one by one (one refusal stops no other), then back to the list, saying what happened. */
export async function action({ context, request, url }: Route.ActionArgs) {
  requirePermission(context, request, handle.permission);
  return formAction(request, {
    pack: staffIntent(context, request, handle, "pack", bulkPackSchema, async ({ selected, service }, actor) => {
      const rows = selected.map((orderNumber) => ({ orderNumber }));
      const outcome = await eachOrder(rows, async ({ orderNumber }) => {
        // A pre-order charged when it ships is charged first: nothing goes out unpaid.
        await context.services.preOrderCharges.chargeBeforeDispatch(actor, orderNumber);
        return context.services.adminOrders.pack(actor, orderNumber, { service });
      });
      return redirectWithToast(listAddress(url), bulkResultToast("packed", outcome));
    }),
  });
}

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

/** The list's filters, read in the browser with the loader's own schema: a range that ends before it starts is said at once. */
function Filters({ query }: { query: OrderListQuery }) {
  const [form, fields] = useSchemaForm(orderListQuerySchema, {
    lastResult: undefined,
    defaultValue: { ...query, page: undefined, size: String(query.size) },
  });
  const { key: qKey, ...q } = getInputProps(fields.q, { type: "search" });
  const { key: statusKey, ...status } = getSelectProps(fields.status);
  const { key: sortKey, ...sort } = getSelectProps(fields.sort);
  const { key: fromKey, ...from } = getInputProps(fields.from, { type: "date" });
  const { key: toKey, ...to } = getInputProps(fields.to, { type: "date" });
  const { key: sizeKey, ...size } = getSelectProps(fields.size);
  return (
    <Form
      method="get"
      {...getFormProps(form)}
      className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-3 2xl:grid-cols-6"
    >
      <div className="col-span-2 text-sm font-medium">
        <label>
          Search orders
          <input key={qKey} {...q} placeholder="Order number, e-mail, name, postcode, record or cat. no." className={input} />
        </label>
        <FieldMessage field={fields.q} />
      </div>
      <label className="text-sm font-medium">
        Status
        <select key={statusKey} {...status} className={input}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {orderStatusWords(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Sort
        <select key={sortKey} {...sort} className={input}>
          {ORDER_SORTS.map((s) => (
            <option key={s} value={s}>
              {ORDER_SORT_WORDS[s]}
            </option>
          ))}
        </select>
      </label>
      <div className="text-sm font-medium">
        <label>
          Placed from
          <input key={fromKey} {...from} className={input} />
        </label>
        <FieldMessage field={fields.from} />
      </div>
      <div className="text-sm font-medium">
        <label>
          Placed to
          <input key={toKey} {...to} className={input} />
        </label>
        <FieldMessage field={fields.to} />
      </div>
      <label className="text-sm font-medium">
        Per page
        <select key={sizeKey} {...size} className={input}>
          {ORDER_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <FilterActions
        clearTo="/admin/order-management"
        submitLabel="Find orders"
        className="col-span-2 flex items-end gap-2 sm:col-span-2 sm:justify-end 2xl:col-span-5"
      />
    </Form>
  );
}

type OrderRow = Route.ComponentProps["loaderData"]["orders"][number];

const tickColumn = (ticked: boolean): AdminColumn<OrderRow> => ({
  header: "Select",
  srOnlyHeader: true,
  className: "w-8",
  cell: (o) => (
    <input
      type="checkbox"
      name="selected"
      value={o.orderNumber}
      defaultChecked={ticked}
      aria-label={`Select order ${o.orderNumber}`}
      className="mt-0.5 size-4"
    />
  ),
});

// Five columns that fit beside the back office's menu at 1280 px: when it was placed sits under the number, how many
// records under the total, the postcode under the customer.
const orderColumns: AdminColumn<OrderRow>[] = [
  {
    header: "Order",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (o) => (
      <>
        <Link
          to={`/admin/order-management/${o.orderNumber}`}
          className="font-mono font-semibold text-needle-dark underline underline-offset-2 hover:text-needle"
        >
          {o.orderNumber}
        </Link>
        <span className="block text-xs font-normal text-stone-600 tabular-nums">{londonDateTime(o.createdAt)}</span>
        {o.channel ? (
          <span className="mt-0.5 block text-xs font-semibold text-amber-900" data-testid="order-channel">
            {o.channel}
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: "Customer",
    className: "min-w-0",
    cell: (o) => (
      <>
        <span className="block font-medium">{o.shippingName}</span>
        <span className="block text-xs break-words text-stone-600">{o.email}</span>
        <span className="block text-xs text-stone-600">{o.postalCode}</span>
      </>
    ),
  },
  { header: "Status", cell: (o) => <OrderStatusBadge status={o.status} /> },
  {
    header: "Total",
    align: "right",
    className: "font-semibold tabular-nums whitespace-nowrap",
    cell: (o) => (
      <>
        {formatPence(o.totalPence)}
        <span className="block text-xs font-normal text-stone-600">
          {o.itemCount} {o.itemCount === 1 ? "record" : "records"}
        </span>
        {o.refundedPence > 0 && (
          <span className="block text-xs font-normal text-red-800">−{formatPence(o.refundedPence)} refunded</span>
        )}
      </>
    ),
  },
];

/** A problem with the ticked orders (none, too many), said above the buttons. */
function bulkProblem(reply: FormReply | undefined): string | undefined {
  const error = reply?.result.error;
  return (error ? Object.values(error).flat()[0] : undefined) ?? undefined;
}

export default function OrderList({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, more, page, pageCount, query, problem, may, selectAll } = loaderData;
  const exportHref = `/admin/order-management/export.csv${orderListSearch({ ...query, page: 1, size: undefined })}`;
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [count, setCount] = useState(selectAll ? orders.length : 0);
  const boxes = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="selected"]') ?? [])];
  const recount = () => setCount(boxes().filter((b) => b.checked).length);
  const selectAllSearch = orderListSearch(query);
  const selectAllHref = `${selectAllSearch || "?"}${selectAll ? "" : `${selectAllSearch ? "&" : ""}select=page`}`;
  const actions = may.pack || may.export;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">Orders</h1>
          <p className="mt-1 text-stone-600" aria-live="polite">
            {total.toLocaleString("en-GB")}
            {more ? "+" : ""} {total === 1 && !more ? "order" : "orders"}
            {pageCount > 1 && ` · page ${page} of ${pageCount}`}
          </p>
        </div>
        {may.export && (
          <a
            href={exportHref}
            download
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            <Icon name="download" className="size-4" />
            Export all matching (CSV)
          </a>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      {more && (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          More than {total.toLocaleString("en-GB")} orders match: narrow the search or add a status or dates.
        </p>
      )}
      <Filters query={query} />

      {/* One form for the ticks and every bulk button; the browser submits it itself, so a CSV or the print page opens as a page. */}
      <Form method="post" reloadDocument ref={form} onChange={recount}>
        {actions && orders.length > 0 && (
          <OrderBulkBar
            may={may}
            selectedCount={hydrated ? count : null}
            selectAllHref={hydrated ? null : selectAllHref}
            allSelected={selectAll}
            problem={bulkProblem(actionData)}
            selectAll={
              hydrated ? (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={count === orders.length}
                    onChange={(e) => {
                      for (const box of boxes()) box.checked = e.target.checked;
                      recount();
                    }}
                  />
                  Select all on this page
                </label>
              ) : null
            }
          />
        )}
        <AdminTable
          caption="Orders"
          rows={orders}
          rowKey={(o) => o.orderNumber}
          columns={actions ? [tickColumn(selectAll), ...orderColumns] : orderColumns}
          empty="No orders match these filters."
          minWidth="min-w-[30rem]"
          className="mt-3"
        />
      </Form>

      <AdminPager
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => orderListSearch({ ...query, page: p }) || "?"}
        previousLabel="← Newer page"
        nextLabel="Older page →"
      />
    </div>
  );
}
