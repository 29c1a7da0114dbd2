import { readSubscriberListQuery } from "~/domain/newsletter/subscriber-list";
import { todayInLondon } from "~/domain/shared/dates";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/subscribers-csv";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).

export const handle = staffHandle("customers.export");

/** The subscriber list's filters (every page) as a CSV download. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const csv = context.services.adminSubscribers.csv(readSubscriberListQuery(url.searchParams));
  context.services.audit.recordExport(actor, "subscribers", "customers");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-subscribers-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
