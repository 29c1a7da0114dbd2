import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { todayInLondon } from "~/domain/shared/dates";
import type { Route } from "./+types/discogs-inventory";

export const handle = staffHandle("catalogue.edit");

/** The used copies on sale, as Discogs's inventory upload file; copies without a release id are left out. */
export function loader({ context, request }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const { csv } = context.services.discogsInventory.uploadFile(actor);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="needledrop-discogs-inventory-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
