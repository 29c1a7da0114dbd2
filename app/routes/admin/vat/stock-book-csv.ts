import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { quarterParam } from "./quarter-param.server";
import type { Route } from "./+types/stock-book-csv";

export const handle = staffHandle("analysis.view");

/** The quarter's margin-scheme stock book as a CSV download (logged as an export). */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const quarter = quarterParam(url);
  const csv = context.services.stockBook.bookCsv(quarter);
  context.services.audit.recordExport(actor, "stock book", "analysis", { quarter: quarter.key });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-stock-book-${quarter.key}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
