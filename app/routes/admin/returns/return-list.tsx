import { Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import {
  RETURN_TAB_LABELS,
  RETURN_TABS,
  returnListQuerySchema,
  TAB_STATUSES,
  type ReturnTab,
} from "~/domain/returns/return-admin";
import { formatDateGB, formatDayGB } from "~/domain/shared/dates";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/return-list";
import { ReturnStatusBadge } from "./return-status-badge";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Returns", description: "Returns waiting for a decision, on their way back, and refunded." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/returns";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { tab } = returnListQuerySchema.parse(Object.fromEntries(url.searchParams));
  return context.services.adminReturns.list(tab);
}

type Row = Route.ComponentProps["loaderData"]["returns"][number];

const columns: AdminColumn<Row>[] = [
  {
    header: "Return",
    rowHeader: true,
    cell: (r) => (
      <Link to={`${PATH}/${r.returnNumber}`} className="font-mono font-semibold whitespace-nowrap underline">
        {r.returnNumber}
      </Link>
    ),
  },
  {
    header: "Order",
    cell: (r) => (
      <Link to={`/admin/order-management/${r.orderNumber}`} className="font-mono whitespace-nowrap underline">
        {r.orderNumber}
      </Link>
    ),
  },
  { header: "Asked", cell: (r) => formatDayGB(r.createdAt), className: "whitespace-nowrap" },
  { header: "Customer", cell: (r) => <span className="break-all">{r.email}</span> },
  { header: "Reason", cell: (r) => `${r.reasonLabel} · ${r.units} ${r.units === 1 ? "record" : "records"}` },
  { header: "Status", cell: (r) => <ReturnStatusBadge status={r.status} label={r.statusLabel} /> },
  {
    header: "Refund by",
    className: "whitespace-nowrap",
    cell: (r) =>
      r.refundBy === null ? (
        <span className="text-stone-500">Not received</span>
      ) : r.status === "refunded" ? (
        <span className="text-stone-600">Refunded</span>
      ) : (
        <span className={r.late ? "font-semibold text-red-800" : ""}>
          {formatDateGB(r.refundBy)}
          {r.late && " · late"}
        </span>
      ),
  },
];

const tabCount = (tab: ReturnTab, counts: Partial<Record<string, number>>) =>
  TAB_STATUSES[tab].reduce((n, s) => n + (counts[s] ?? 0), 0);

export default function ReturnList({ loaderData }: Route.ComponentProps) {
  const { tab, returns, counts } = loaderData;
  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Returns</h1>
      <p className="mt-1 text-stone-600">
        Oldest first. The money goes back within 14 days of a parcel arriving (Consumer Contracts Regulations 2013, reg. 34).
      </p>
      <nav aria-label="Return status" className="mt-4 flex flex-wrap gap-2">
        {RETURN_TABS.map((t) => (
          <Link
            key={t}
            to={t === "open" ? PATH : `${PATH}?tab=${t}`}
            aria-current={t === tab ? "page" : undefined}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
              t === tab ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-800 ring-stone-300 hover:bg-stone-100"
            }`}
          >
            {RETURN_TAB_LABELS[t]} <span className="tabular-nums opacity-80">({tabCount(t, counts)})</span>
          </Link>
        ))}
      </nav>
      <AdminTable
        caption="Returns"
        rows={returns}
        rowKey={(r) => r.returnNumber}
        columns={columns}
        empty="No returns here."
        minWidth="min-w-[52rem]"
        className="mt-4"
      />
    </div>
  );
}
