import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { todayInLondon } from "~/domain/shared/dates";
import type { Route } from "./+types/export";

export const handle = staffHandle("catalogue.edit");

/** The whole catalogue as CSV, in the columns the import reads back. */
export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return new Response(context.services.adminCatalogue.exportCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-catalogue-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
