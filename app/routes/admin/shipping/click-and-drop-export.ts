import { data } from "react-router";
import { clickAndDropCsv } from "~/domain/international/click-and-drop";
import { todayInLondon } from "~/domain/shared/dates";
import { clickAndDropExportSchema } from "~/domain/shipping/shipping-schemas";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/click-and-drop-export";

export const handle = staffHandle("orders.dispatch");

/** The ticked orders as Click & Drop's order import file. Names, addresses and phones leave the shop: it is logged. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const parsed = clickAndDropExportSchema.safeParse({ orders: url.searchParams.getAll("selected") });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Tick the orders to export", { status: 400 });
  const orders = context.services.adminShipping.clickAndDrop(parsed.data.orders);
  if (orders.length === 0) throw data("None of those orders was found", { status: 404 });
  context.services.audit.recordExport(actor, "click-and-drop", "orders", { orders: orders.map((o) => o.orderNumber) });
  return new Response(clickAndDropCsv(orders), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-click-and-drop-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
