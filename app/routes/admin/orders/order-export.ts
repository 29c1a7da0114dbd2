import { data } from "react-router";
import { orderListParams } from "~/domain/orders/order-admin";
import { ValidationError } from "~/domain/shared/errors";
import { todayInLondon } from "~/domain/shared/dates";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/order-export";

/** The order list's filters as a CSV download. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  let csv: string;
  try {
    csv = context.services.adminOrders.csv(orderListParams(url.searchParams));
  } catch (error) {
    if (error instanceof ValidationError) throw data(error.message, { status: 400 });
    throw error;
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-orders-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
