import { Link } from "react-router";
import { formatPence } from "~/domain/shared/money";
import { formatDateGB } from "~/domain/shared/dates";
import type { OrderStatus } from "~/domain/orders/order-status";
import { orderPath, orderStatusWords } from "~/domain/orders/order-status";

export interface OrderListItem {
  orderNumber: string;
  placedOn: string;
  status: OrderStatus;
  itemCount: number;
  totalPence: number;
}

/** A customer's orders, newest first, each linking to its own page. */
export function OrderHistory({ orders }: { orders: readonly OrderListItem[] }) {
  if (orders.length === 0) return <p className="mt-4 text-stone-600">No orders yet</p>;
  return (
    <ul className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
      {orders.map((o) => (
        <li
          key={o.orderNumber}
          className="grid grid-cols-2 gap-x-4 gap-y-1 py-3 text-sm sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-center"
        >
          <Link
            to={orderPath(o.orderNumber)}
            className="font-semibold text-needle-dark underline underline-offset-2 hover:text-needle"
          >
            {o.orderNumber}
          </Link>
          <span className="text-right text-stone-600 sm:text-left">{formatDateGB(o.placedOn)}</span>
          <span>
            <StatusBadge status={o.status} />
          </span>
          <span className="text-right text-stone-600 sm:text-left">
            {o.itemCount} {o.itemCount === 1 ? "record" : "records"}
          </span>
          <span className="col-span-2 text-right font-semibold tabular-nums sm:col-span-1">{formatPence(o.totalPence)}</span>
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ status }: { status: OrderStatus }) {
  const tone =
    status === "paid" || status === "shipped"
      ? "bg-emerald-100 text-emerald-900"
      : status === "pending_payment"
        ? "bg-amber-100 text-amber-900"
        : "bg-stone-200 text-stone-800";
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{orderStatusWords(status)}</span>
  );
}
