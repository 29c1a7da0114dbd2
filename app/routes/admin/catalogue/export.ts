import { requireAdmin } from "~/lib/guards.server";
import { todayInLondon } from "~/domain/shared/dates";
import type { Route } from "./+types/export";

/** The whole catalogue as CSV, in the columns the import reads back. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return new Response(context.services.adminCatalogue.exportCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-catalogue-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
