import { redirect } from "react-router";
import { preOrderBatchSchema } from "~/domain/pre-orders/pre-order-batch-schema";
import { staffHandle } from "~/domain/staff/staff-handle";
import { formAction } from "~/lib/forms/form-action.server";
import { requirePermission, staffIntent } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/pre-order-batch";

/**
 * A release-day batch from the dispatch queue: charge every saved card of the record's pre-orders (a decline holds
 * that order, the rest go on; a second run charges nobody twice), then the packing slips of the paid orders only.
 */
export const handle = staffHandle("orders.dispatch", { intents: { default: "orders.dispatch" } });

const QUEUE = "/admin/shipping-management";

/** Nothing to show here: the batch is a button on the dispatch queue, where an address typed in goes. */
export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return redirect(QUEUE);
}

export async function action({ context, request }: Route.ActionArgs) {
  requirePermission(context, request, handle.permission);
  return formAction(request, {
    default: staffIntent(context, request, handle, "default", preOrderBatchSchema, async ({ recordId }, actor) => {
      const { paid, declined } = await context.services.preOrderCharges.chargeBatch(actor, recordId, context.today);
      const held =
        declined.length === 0
          ? undefined
          : `Declined and held 72 hours for another card: ${declined.map((d) => d.orderNumber).join(", ")}.`;
      if (paid.length === 0) {
        return redirectWithToast(QUEUE, { type: "error", title: "No order of the batch is paid", description: held });
      }
      const slips = new URLSearchParams([["kind", "slips"], ...paid.map((n) => ["selected", n])]);
      return redirectWithToast(`${QUEUE}/print?${slips}`, {
        type: declined.length ? "error" : "success",
        title: `${paid.length} ${paid.length === 1 ? "order" : "orders"} paid`,
        description: held,
      });
    }),
  });
}
