import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { todayInLondon } from "~/domain/shared/dates";
import type { Route } from "./+types/export";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).

export const handle = staffHandle("catalogue.edit");

/** The whole catalogue as CSV, in the columns the import reads back. */
export function loader({ context, request }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const csv = context.services.adminCatalogue.exportCsv();
  context.services.audit.recordExport(actor, "catalogue", "catalogue");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-catalogue-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
