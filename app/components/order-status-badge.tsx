import { ORDER_STATUS_TONES, type StatusTone } from "~/domain/orders/order-admin";
import { orderStatusWords, type OrderStatus } from "~/domain/orders/order-status";

const TONE_CLASSES: Record<StatusTone, string> = {
  neutral: "bg-stone-200 text-stone-800",
  info: "bg-sky-100 text-sky-900",
  waiting: "bg-amber-100 text-amber-900",
  success: "bg-emerald-100 text-emerald-900",
  danger: "bg-red-100 text-red-900",
};

/** An order's status as a small coloured label, the same for customers and the back office. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE_CLASSES[ORDER_STATUS_TONES[status]]}`}
    >
      {orderStatusWords(status)}
    </span>
  );
}
