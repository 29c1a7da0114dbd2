import type { ClubAddress } from "~/domain/club/club-schemas";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { orderStatusWords, type OrderStatus } from "~/domain/orders/order-status";

/** A month's parcel as the back office's member list shows it (the club service's ParcelStatus). */
export type ParcelStatusData =
  | { kind: "made"; orderNumber: string; status: OrderStatus; shippedAt: string | null }
  | { kind: "due" }
  | { kind: "held"; reason: string }
  | { kind: "none"; reason: string };

const held = "inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950";

/** A member's delivery address in the member list, or a clear "No address". */
export function DeliveryAddressCell({ address }: { address: ClubAddress | null }) {
  if (!address) return <span className={held}>No address</span>;
  return (
    <span className="text-xs">
      {address.name}
      <span className="block text-stone-600">
        {[address.addressLine1, address.addressLine2, address.city].filter(Boolean).join(", ")} {address.postalCode}
      </span>
    </span>
  );
}

/** Where the member's parcel for this month stands. */
export function ParcelStatusCell({ parcel }: { parcel: ParcelStatusData }) {
  switch (parcel.kind) {
    case "made":
      return (
        <span className="text-xs">
          <a
            href={`/admin/order-management/${parcel.orderNumber}`}
            className="font-semibold text-needle-dark underline underline-offset-2"
          >
            {parcel.orderNumber}
          </a>
          <span className="block text-stone-600">
            {parcel.shippedAt ? `Dispatched ${formatDateTimeGB(parcel.shippedAt)}` : orderStatusWords(parcel.status)}
          </span>
        </span>
      );
    case "due":
      return <span className="text-xs">Due: not made yet</span>;
    case "held":
      return <span className={held}>Held: {parcel.reason.toLowerCase()}</span>;
    case "none":
      return <span className="text-xs text-stone-600">{parcel.reason}</span>;
  }
}
