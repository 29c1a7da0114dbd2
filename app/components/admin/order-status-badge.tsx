import { orderStatusWords, type OrderStatus } from "~/domain/orders/order-status";

const TONES: Record<OrderStatus, string> = {
  pending_payment: "bg-amber-100 text-amber-900",
  payment_failed: "bg-stone-200 text-stone-700",
  card_saved: "bg-violet-100 text-violet-900",
  paid: "bg-sky-100 text-sky-900",
  packed: "bg-indigo-100 text-indigo-900",
  shipped: "bg-emerald-100 text-emerald-900",
  delivered: "bg-emerald-200 text-emerald-950",
  cancelled: "bg-stone-200 text-stone-800",
  partially_refunded: "bg-rose-100 text-rose-900",
  refunded: "bg-rose-200 text-rose-950",
};

/** An order's status as a coloured pill, in the words customers read too. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[status]}`}>
      {orderStatusWords(status)}
    </span>
  );
}
