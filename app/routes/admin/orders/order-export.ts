import { data } from "react-router";
import { orderListQuerySchema } from "~/domain/orders/order-admin";
import { orderSelectionSchema } from "~/domain/orders/order-bulk";
import { todayInLondon } from "~/domain/shared/dates";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/order-export";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).

export const handle = staffHandle("customers.export");

/** The order list's filters as a CSV download; or, when orders were ticked (`selected`), those orders only. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const { query, problem } = readSearchParams(orderListQuerySchema, url.searchParams);
  if (problem) throw data(problem, { status: 400 });
  let csv: string;
  if (url.searchParams.has("selected")) {
    const ticked = orderSelectionSchema.safeParse(url.searchParams.getAll("selected"));
    if (!ticked.success) throw data(ticked.error.issues[0]?.message ?? "Tick the orders to export", { status: 400 });
    csv = context.services.adminOrders.csvOf(ticked.data, query.sort);
    context.services.audit.recordExport(actor, "orders", "customers", { orders: ticked.data });
  } else {
    csv = context.services.adminOrders.csv(query);
    context.services.audit.recordExport(actor, "orders", "customers", query);
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-orders-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
