import { data, Form, Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { FilterActions } from "~/components/admin/filter-actions";
import { VoucherStandingBadge } from "~/components/vouchers/voucher-standing-badge";
import { formatDateGB, formatDayGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import {
  VOUCHER_KIND_WORDS,
  VOUCHER_STANDING_WORDS,
  VOUCHER_STANDINGS,
  voucherListQuerySchema,
  voucherListSearch,
} from "~/domain/vouchers/voucher-admin";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/voucher-list";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Gift vouchers", description: "Needledrop's gift vouchers and store credit." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/gift-vouchers";

export function loader({ context, request, url }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  // A hand-edited address: say what is wrong and show the whole list rather than fail.
  const { query, problem } = readSearchParams(voucherListQuerySchema, url.searchParams);
  const s = context.services.adminVouchers;
  return data(
    {
      ...s.list(query, context.today),
      figures: s.figures(context.today),
      problem,
      canIssue: staffMay(staff, "orders.refund"),
    },
    { status: problem ? 400 : 200 },
  );
}

type Row = Route.ComponentProps["loaderData"]["vouchers"][number];

const HOLDER_WORDS = { recipient: "recipient", customer: "customer", buyer: "buyer" } as const;

const columns: AdminColumn<Row>[] = [
  {
    header: "Voucher",
    rowHeader: true,
    cell: (v) => (
      <>
        <Link
          to={`${PATH}/${v.id}`}
          className="font-mono font-semibold whitespace-nowrap text-needle-dark underline underline-offset-2 hover:text-needle"
        >
          {v.codeLast4 ? `···· ${v.codeLast4}` : `No code yet (#${v.id})`}
        </Link>
        <span className="block text-xs text-stone-600">{VOUCHER_KIND_WORDS[v.kind]}</span>
      </>
    ),
  },
  {
    header: "For",
    // Room for an address: the columns beside it do not wrap, and would otherwise squeeze it to a letter a line.
    className: "min-w-[14rem]",
    cell: (v) =>
      v.holder.email || v.holder.name ? (
        <>
          <span className="block break-all">{v.holder.name ?? v.holder.email}</span>
          <span className="block text-xs break-all text-stone-600">
            {v.holder.name && v.holder.email ? `${v.holder.email} · ` : ""}
            {v.holder.role ? HOLDER_WORDS[v.holder.role] : ""}
          </span>
        </>
      ) : (
        "—"
      ),
  },
  { header: "Issued", className: "whitespace-nowrap text-stone-700", cell: (v) => formatDayGB(v.createdAt) },
  { header: "Value", align: "right", className: "tabular-nums whitespace-nowrap", cell: (v) => formatPence(v.initialPence) },
  {
    header: "Balance",
    align: "right",
    className: "font-semibold tabular-nums whitespace-nowrap",
    cell: (v) => formatPence(v.balancePence),
  },
  { header: "Expires", className: "whitespace-nowrap text-stone-700", cell: (v) => formatDateGB(v.expiresOn) },
  { header: "Status", cell: (v) => <VoucherStandingBadge standing={v.standing} /> },
];

const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

function Figure({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid={testId}>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="font-display text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-xs text-stone-600">{detail}</dd>
    </div>
  );
}

const count = (n: number, noun: string) => `${n.toLocaleString("en-GB")} ${noun}${n === 1 ? "" : "s"}`;

export default function VoucherList({ loaderData: d }: Route.ComponentProps) {
  const { query, figures: f } = d;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Gift vouchers</h1>
        {d.canIssue && (
          <Link
            to={`${PATH}/store-credit`}
            className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark"
          >
            Give store credit
          </Link>
        )}
      </div>
      <p className="mt-1 max-w-prose text-sm text-stone-600">
        Gift vouchers bought in the shop and store credit given to customers. Codes are never kept: only their last four
        characters. Outstanding is what the shop owes on vouchers that can still be spent.
      </p>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Issued"
          value={formatPence(f.issuedPence)}
          detail={count(f.issuedCount, "voucher")}
          testId="vouchers-issued"
        />
        <Figure
          label="Spent"
          value={formatPence(f.spentPence)}
          detail="on orders, less what was given back"
          testId="vouchers-spent"
        />
        <Figure
          label="Outstanding"
          value={formatPence(f.outstandingPence)}
          detail={`${count(f.outstandingCount, "voucher")} that can be spent`}
          testId="vouchers-outstanding"
        />
        <Figure
          label="Expired unspent"
          value={formatPence(f.expiredPence)}
          detail={`${count(f.expiredCount, "voucher")}; ${formatPence(f.cancelledPence)} cancelled`}
          testId="vouchers-expired"
        />
      </dl>

      {d.problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {d.problem}
        </p>
      )}
      <Form
        method="get"
        className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 lg:grid-cols-[minmax(0,1fr)_auto_auto_auto]"
      >
        <label className="col-span-2 text-sm font-medium lg:col-span-1">
          Search vouchers
          <input
            name="q"
            type="search"
            maxLength={100}
            defaultValue={query.q ?? ""}
            placeholder="Last four characters or e-mail"
            className={input}
          />
        </label>
        <label className="text-sm font-medium">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={input}>
            <option value="">Any status</option>
            {VOUCHER_STANDINGS.map((s) => (
              <option key={s} value={s}>
                {VOUCHER_STANDING_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Kind
          <select name="kind" defaultValue={query.kind ?? ""} className={input}>
            <option value="">Both kinds</option>
            <option value="gift">{VOUCHER_KIND_WORDS.gift}</option>
            <option value="store_credit">{VOUCHER_KIND_WORDS.store_credit}</option>
          </select>
        </label>
        <FilterActions clearTo={PATH} submitLabel="Find" className="col-span-2 flex items-end gap-2 lg:col-span-1" />
      </Form>
      <AdminTable
        caption="Gift vouchers and store credit"
        rows={d.vouchers}
        rowKey={(v) => v.id}
        columns={columns}
        empty="No vouchers match."
        minWidth="min-w-[56rem]"
        className="mt-6"
        paging={{
          total: d.total,
          page: d.page,
          pageCount: d.pageCount,
          noun: ["voucher", "vouchers"],
          hrefFor: (page) => `${PATH}${voucherListSearch({ ...query, page })}`,
        }}
      />
    </div>
  );
}
