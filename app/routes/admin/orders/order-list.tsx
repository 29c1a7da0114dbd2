import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
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
import { readSearchParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { FilterActions } from "~/components/admin/filter-actions";
import type { Route } from "./+types/order-list";
import { AdminPager } from "~/components/admin/admin-pager";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Orders", description: "Needledrop orders: find, pack, ship, cancel and refund." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  // A hand-edited address: say what is wrong and show the unfiltered list rather than fail.
  const { query, problem } = readSearchParams(orderListQuerySchema, url.searchParams);
  const canExport = staffMay(staff, "customers.export");
  return data({ ...context.services.adminOrders.list(query), problem, canExport }, { status: problem ? 400 : 200 });
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
          <input key={qKey} {...q} placeholder="Order number, email or name" className={input} />
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

const orderColumns: AdminColumn<OrderRow>[] = [
  {
    header: "Order",
    rowHeader: true,
    className: "font-mono font-semibold whitespace-nowrap",
    cell: (o) => (
      <Link
        to={`/admin/order-management/${o.orderNumber}`}
        className="text-needle-dark underline underline-offset-2 hover:text-needle"
      >
        {o.orderNumber}
      </Link>
    ),
  },
  { header: "Placed", className: "whitespace-nowrap text-stone-700", cell: (o) => londonDateTime(o.createdAt) },
  {
    header: "Customer",
    cell: (o) => (
      <>
        <span className="block font-medium">{o.shippingName}</span>
        <span className="block text-xs text-stone-600">{o.email}</span>
      </>
    ),
  },
  { header: "Status", cell: (o) => <OrderStatusBadge status={o.status} /> },
  { header: "Records", align: "right", className: "tabular-nums", cell: (o) => o.itemCount },
  {
    header: "Total",
    align: "right",
    className: "font-semibold tabular-nums whitespace-nowrap",
    cell: (o) => (
      <>
        {formatPence(o.totalPence)}
        {o.refundedPence > 0 && (
          <span className="block text-xs font-normal text-red-800">−{formatPence(o.refundedPence)} refunded</span>
        )}
      </>
    ),
  },
];

export default function OrderList({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pageCount, query, problem } = loaderData;
  const exportHref = `/admin/order-management/export.csv${orderListSearch({ ...query, page: 1, size: undefined })}`;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">Orders</h1>
          <p className="mt-1 text-stone-600" aria-live="polite">
            {total.toLocaleString("en-GB")} {total === 1 ? "order" : "orders"}
            {pageCount > 1 && ` · page ${page} of ${pageCount}`}
          </p>
        </div>
        {loaderData.canExport && (
          <a
            href={exportHref}
            download
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            <Icon name="download" className="size-4" />
            Export CSV
          </a>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      <Filters query={query} />

      <AdminTable
        caption="Orders"
        rows={orders}
        rowKey={(o) => o.orderNumber}
        columns={orderColumns}
        empty="No orders match these filters."
        minWidth="min-w-[36rem]"
        className="mt-6"
      />

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
