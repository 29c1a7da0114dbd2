import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { quarterParam } from "./quarter-param.server";
import type { Route } from "./+types/margin-summary-csv";

export const handle = staffHandle("analysis.view");

/** The quarter's margin-scheme VAT summary as a CSV download (logged as an export). */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const quarter = quarterParam(url);
  const csv = context.services.stockBook.summaryCsv(quarter);
  context.services.audit.recordExport(actor, "margin VAT summary", "analysis", { quarter: quarter.key });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-margin-vat-${quarter.key}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
