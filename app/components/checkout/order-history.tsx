import { formatPence } from "~/domain/shared/money";
import { formatDateGB } from "~/domain/shared/dates";
import type { OrderStatus } from "~/domain/orders/order-status";
import { orderPath } from "~/domain/orders/order-status";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { Link } from "react-router";

export interface OrderListItem {
  orderNumber: string;
  placedOn: string;
  status: OrderStatus;
  itemCount: number;
  totalPence: number;
  /** Where to follow the parcel, once it has left. */
  tracking: { number: string; url: string } | null;
  /** Something of it may still be sent back today (the profile shows "Return items"). */
  returnable?: boolean;
  /** Returns started from it, newest first. */
  returns?: readonly { returnNumber: string; statusWords: string }[];
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
            <OrderStatusBadge status={o.status} />
          </span>
          <span className="text-right text-stone-600 sm:text-left">
            {o.itemCount} {o.itemCount === 1 ? "record" : "records"}
          </span>
          <span className="col-span-2 text-right font-semibold tabular-nums sm:col-span-1">{formatPence(o.totalPence)}</span>
          {o.tracking && (
            <span className="col-span-2 text-stone-700 sm:col-span-5">
              Royal Mail tracking{" "}
              <a
                href={o.tracking.url}
                target="_blank"
                rel="noreferrer"
                className="font-mono font-semibold text-needle-dark underline underline-offset-2"
              >
                {o.tracking.number}
              </a>
            </span>
          )}
          {(o.returnable || (o.returns?.length ?? 0) > 0) && (
            <span className="col-span-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-stone-700 sm:col-span-5">
              {o.returnable && (
                <Link
                  to={`/returns/new?${new URLSearchParams({ order: o.orderNumber })}`}
                  className="font-semibold text-needle-dark underline underline-offset-2 hover:text-needle"
                  aria-label={`Return items from order ${o.orderNumber}`}
                >
                  Return items
                </Link>
              )}
              {o.returns?.map((r) => (
                <span key={r.returnNumber}>
                  Return{" "}
                  <Link
                    to={`/returns/${r.returnNumber}`}
                    className="font-mono font-semibold text-needle-dark underline underline-offset-2"
                  >
                    {r.returnNumber}
                  </Link>
                  : {r.statusWords.toLowerCase()}
                </span>
              ))}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
