import { data } from "react-router";
import { importRefSchema } from "~/domain/catalogue/import-ref";
import { NotFoundError } from "~/domain/shared/errors";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/import-report";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).
import * as guards from "~/lib/guards.server";

/** An import's report: every line of the file with what the preview found, or what was done once applied. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const ref = importRefSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!ref.success) throw data(null, { status: 404 });
  try {
    const csv = await context.services.adminCatalogue.importReport(ref.data.id, ref.data.hash);
    context.services.audit.recordExport(
      guards.requirePermission(context, request, "catalogue.edit"),
      "import-report",
      "catalogue",
    );
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="import-report.csv"',
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}
