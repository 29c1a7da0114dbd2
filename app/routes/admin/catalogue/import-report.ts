import { data } from "react-router";
import { importRefSchema } from "~/domain/catalogue/import-ref";
import { NotFoundError } from "~/domain/shared/errors";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/import-report";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).

export const handle = staffHandle("catalogue.edit");

/** An import's report: every line of the file with what the preview found, or what was done once applied. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const ref = importRefSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!ref.success) throw data(null, { status: 404 });
  try {
    const csv = await context.services.adminCatalogue.importReport(ref.data.id, ref.data.hash);
    context.services.audit.recordExport(actor, "import-report", "catalogue");
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
