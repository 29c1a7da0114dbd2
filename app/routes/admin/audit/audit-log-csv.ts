import { data } from "react-router";
import { auditLogQuerySchema } from "~/domain/admin/audit-log";
import { todayInLondon } from "~/domain/shared/dates";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/audit-log-csv";

export const handle = staffHandle("staff.manage");

/**
 * The audit log's filters as a CSV download: the newest AUDIT_CSV_LIMIT matching rows (capped, not streamed),
 * every text cell neutralised. The download is itself logged, with the filters it held.
 */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const { query, problem } = readSearchParams(auditLogQuerySchema, url.searchParams);
  if (problem) throw data(problem, { status: 400 });
  const { page: _page, ...filters } = query;
  const { csv, rows, cut } = context.services.audit.csv(filters);
  context.services.audit.recordExport(actor, "audit-log", "staff", { ...filters, rows, cut });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-audit-log-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
