import { data } from "react-router";
import { analysisQuerySchema, resolveRange } from "~/domain/admin/analysis/range";
import { figureCsvRows, figureSchema } from "~/domain/admin/analysis/figures";
import { writeCsv } from "~/domain/shared/csv";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/business-analysis-csv";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).

export const handle = staffHandle("analysis.view");

/** One figure of the business analysis page, for the page's period, as a CSV download. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const figure = figureSchema.safeParse(url.searchParams.get("figure"));
  if (!figure.success) throw data("No such figure.", { status: 400 });
  const { query, problem } = readSearchParams(analysisQuerySchema, url.searchParams);
  if (problem) throw data(problem, { status: 400 });
  const range = resolveRange(query, context.today);
  const rows = figureCsvRows(figure.data, context.services.businessAnalysis.all(range, context.today));
  context.services.audit.recordExport(actor, `business-analysis/${figure.data}`, "analysis", { ...range });
  return new Response(writeCsv(rows, { forSpreadsheets: true }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-${figure.data}-${context.today}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
