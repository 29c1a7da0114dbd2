import { data, Form, Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { FilterActions } from "~/components/admin/filter-actions";
import { Icon } from "~/components/icons/icon";
import {
  clubWords,
  CUSTOMER_SORT_WORDS,
  CUSTOMER_SORTS,
  customerListQuerySchema,
  customerListSearch,
  customerName,
} from "~/domain/customers/customer-list";
import { formatDayGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/customer-list";

export const handle = staffHandle("customers.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Customers", description: "Needledrop's customers: orders, spend, wants and the record club." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/customers";

export function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  // A hand-edited address: say what is wrong and show the whole list rather than fail.
  const { query, problem } = readSearchParams(customerListQuerySchema, url.searchParams);
  const canExport = staffMay(staff, "customers.export");
  return data({ ...context.services.adminCustomers.list(query), problem, canExport }, { status: problem ? 400 : 200 });
}

type Row = Route.ComponentProps["loaderData"]["customers"][number];

const columns: AdminColumn<Row>[] = [
  {
    header: "Customer",
    rowHeader: true,
    cell: (c) => (
      <>
        <Link
          to={`${PATH}/${c.id}`}
          className="block font-semibold text-needle-dark underline underline-offset-2 hover:text-needle"
        >
          {customerName(c)}
        </Link>
        <span className="block text-xs break-all text-stone-600">{c.email}</span>
      </>
    ),
  },
  { header: "Orders", align: "right", className: "tabular-nums", cell: (c) => c.orderCount },
  {
    header: "Lifetime spend",
    align: "right",
    className: "font-semibold tabular-nums whitespace-nowrap",
    cell: (c) => formatPence(c.spendPence),
  },
  {
    header: "Last order",
    className: "whitespace-nowrap text-stone-700",
    cell: (c) => (c.lastOrderAt ? formatDayGB(c.lastOrderAt) : "—"),
  },
  { header: "Record club", className: "whitespace-nowrap", cell: (c) => clubWords(c.clubPlan) },
];

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

export default function CustomerList({ loaderData: d }: Route.ComponentProps) {
  const { query } = d;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Customers</h1>
        {d.canExport && (
          <a
            href={`${PATH}/export.csv${customerListSearch({ ...query, page: 1 })}`}
            download
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            <Icon name="download" className="size-4" />
            Export CSV
          </a>
        )}
      </div>
      <p className="mt-1 max-w-prose text-sm text-stone-600">
        Lifetime spend is what paid orders cost less refunds; orders awaiting payment and cancelled orders add nothing.
      </p>
      {d.problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {d.problem}
        </p>
      )}
      <Form
        method="get"
        className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[minmax(0,1fr)_minmax(13rem,auto)_auto]"
      >
        <label className="col-span-2 text-sm font-medium sm:col-span-1">
          Search customers
          <input
            name="q"
            type="search"
            maxLength={100}
            defaultValue={query.q ?? ""}
            placeholder="Name, e-mail or postcode"
            className={input}
          />
        </label>
        <label className="col-span-2 text-sm font-medium sm:col-span-1">
          Sort
          <select name="sort" defaultValue={query.sort} className={input}>
            {CUSTOMER_SORTS.map((s) => (
              <option key={s} value={s}>
                {CUSTOMER_SORT_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <FilterActions clearTo={PATH} submitLabel="Find" className="col-span-2 flex items-end gap-2 sm:col-span-1" />
      </Form>
      <AdminTable
        caption="Customers"
        rows={d.customers}
        rowKey={(c) => c.id}
        columns={columns}
        empty="No customers match."
        minWidth="min-w-[40rem]"
        className="mt-6"
        paging={{
          total: d.total,
          page: d.page,
          pageCount: d.pageCount,
          noun: ["customer", "customers"],
          hrefFor: (page) => `${PATH}${customerListSearch({ ...query, page })}`,
        }}
      />
    </div>
  );
}
