import { Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { VAT_SCHEME_NAMES } from "~/domain/vat/vat-schemes";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/purchase-list";

export const handle = staffHandle("stock.manage");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Purchases", description: "Collections and stock the shop has bought." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { purchases: context.services.stockPurchases.list() };
}

type Row = Route.ComponentProps["loaderData"]["purchases"][number];

const columns: AdminColumn<Row>[] = [
  {
    header: "Reference",
    cell: (p) => (
      <Link to={`/admin/purchases/${p.reference}`} className="font-mono font-semibold text-needle-dark hover:underline">
        {p.reference}
      </Link>
    ),
  },
  { header: "Bought", cell: (p) => formatDateGB(p.boughtAt) },
  { header: "Seller", cell: (p) => p.sellerName },
  { header: "Scheme", cell: (p) => VAT_SCHEME_NAMES[p.vatScheme].split(" (")[0] },
  { header: "Copies", className: "tabular-nums", cell: (p) => p.copies },
  { header: "Paid", className: "tabular-nums", cell: (p) => formatPence(p.totalPence) },
];

export default function PurchaseList({ loaderData }: Route.ComponentProps) {
  return (
    <div className="max-w-5xl">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl font-bold">Purchases</h1>
        <Link to="/admin/purchases/new" className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle">
          Buy a collection
        </Link>
      </div>
      <p className="mt-2 text-stone-700">
        What the shop has bought in, newest first. Each purchase record prints for the seller to sign; its copies are in the{" "}
        <Link to="/admin/stock-book" className="underline">
          stock book
        </Link>
        .
      </p>
      <AdminTable
        caption="Purchases"
        rows={loaderData.purchases}
        rowKey={(p) => p.id}
        columns={columns}
        empty="Nothing bought in yet."
        className="mt-6"
      />
    </div>
  );
}
