import { data } from "react-router";
import { customerListQuerySchema } from "~/domain/customers/customer-list";
import { todayInLondon } from "~/domain/shared/dates";
import { staffHandle } from "~/domain/staff/staff-handle";
import { readSearchParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import type { Route } from "./+types/customer-export";

export const handle = staffHandle("customers.export");

/** The customer list with its search and sort as a CSV download, logged under the export permission. */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const { query, problem } = readSearchParams(customerListQuerySchema, url.searchParams);
  if (problem) throw data(problem, { status: 400 });
  const csv = context.services.adminCustomers.csv(query);
  context.services.audit.recordExport(actor, "customers", "customers", { q: query.q ?? null, sort: query.sort });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-customers-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
