import { readSubscriberListQuery } from "~/domain/newsletter/subscriber-list";
import { todayInLondon } from "~/domain/shared/dates";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/subscribers-csv";
// The export is logged under the permission it needs (a second check, apart from the page's own guard).
import * as guards from "~/lib/guards.server";

/** The subscriber list's filters (every page) as a CSV download. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const csv = context.services.adminSubscribers.csv(readSubscriberListQuery(url.searchParams));
  context.services.audit.recordExport(guards.requirePermission(context, request, "customers.export"), "subscribers", "customers");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-subscribers-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
