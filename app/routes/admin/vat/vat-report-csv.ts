import { data } from "react-router";
import { VAT_REPORT_CSV, type VatReportTable } from "~/domain/international/vat-report";
import { writeCsv } from "~/domain/shared/csv";
import { z } from "~/domain/shared/zod";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { monthParam } from "./month-param.server";
import type { Route } from "./+types/vat-report-csv";

export const handle = staffHandle("analysis.view");

const tableSchema = z.enum(Object.keys(VAT_REPORT_CSV) as [VatReportTable, ...VatReportTable[]]);

/** One table of the month's VAT report as a CSV download (logged as an export). */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const table = tableSchema.safeParse(url.searchParams.get("table"));
  if (!table.success) throw data("No such table: ask for uk, exports or ioss.", { status: 400 });
  const month = monthParam(url, context.today);
  const report = context.services.businessAnalysis.vatReport(month);
  context.services.audit.recordExport(actor, `vat-report/${table.data}`, "analysis", { month: month.key });
  return new Response(writeCsv(VAT_REPORT_CSV[table.data](report), { forSpreadsheets: true }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-vat-${table.data}-${month.key}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
