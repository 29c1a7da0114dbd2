import { requireAdmin } from "~/lib/guards.server";
import { todayInLondon } from "~/domain/shared/dates";
import type { Route } from "./+types/export";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).
import * as guards from "~/lib/guards.server";

/** The whole catalogue as CSV, in the columns the import reads back. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const csv = context.services.adminCatalogue.exportCsv();
  context.services.audit.recordExport(guards.requirePermission(context, request, "catalogue.edit"), "catalogue", "catalogue");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-catalogue-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
