import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { figureCsvRows, figureSchema } from "~/domain/admin/analysis/figures";
import { ValidationError } from "~/domain/shared/errors";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/business-analysis-csv";

/** One figure of the business analysis page, for the page's period, as a CSV download. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = Object.fromEntries(url.searchParams);
  const figure = figureSchema.safeParse(params.figure);
  if (!figure.success) throw data("No such figure.", { status: 400 });
  const analysis = context.services.businessAnalysis;
  let rows: (string | number)[][];
  try {
    const { figure: _, ...query } = params;
    const range = analysis.range(query, context.today);
    rows = figureCsvRows(figure.data, analysis.all(range, context.today));
  } catch (error) {
    if (error instanceof ValidationError) throw data(error.message, { status: 400 });
    throw error;
  }
  return new Response(stringify(rows, { bom: true, record_delimiter: "windows" }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-${figure.data}-${context.today}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
