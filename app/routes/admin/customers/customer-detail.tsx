import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { customerIdSchema, customerName } from "~/domain/customers/customer-list";
import { formatDateGB, formatDayGB } from "~/domain/shared/dates";
import { NotFoundError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import { readParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/customer-detail";

export const handle = staffHandle("customers.view");

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d ? `Customer: ${customerName(d.customer)}` : "Customer", description: "A Needledrop customer." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { userId } = readParams(customerIdSchema, params);
  try {
    return { customer: context.services.adminCustomers.get(userId) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

type Customer = Route.ComponentProps["loaderData"]["customer"];

const orderColumns: AdminColumn<Customer["orders"][number]>[] = [
  {
    header: "Order",
    rowHeader: true,
    className: "font-mono font-semibold whitespace-nowrap",
    cell: (o) => (
      <Link
        to={`/admin/order-management/${o.orderNumber}`}
        className="text-needle-dark underline underline-offset-2 hover:text-needle"
      >
        {o.orderNumber}
      </Link>
    ),
  },
  { header: "Placed", className: "whitespace-nowrap text-stone-700", cell: (o) => formatDayGB(o.createdAt) },
  { header: "Status", cell: (o) => <OrderStatusBadge status={o.status} /> },
  {
    header: "Total",
    align: "right",
    className: "font-semibold tabular-nums whitespace-nowrap",
    cell: (o) => (
      <>
        {formatPence(o.totalPence)}
        {o.refundedPence > 0 && (
          <span className="block text-xs font-normal text-red-800">−{formatPence(o.refundedPence)} refunded</span>
        )}
      </>
    ),
  },
];

const WANT_WORDS = { active: "Waiting", done: "Alert sent", unsubscribed: "Stopped" } as const;

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
      <h2 id={id} className="font-display text-lg font-bold">
        {title}
      </h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid={testId}>
      <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
      <dd className="font-display text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export default function CustomerDetail({ loaderData: { customer: c } }: Route.ComponentProps) {
  const address = [c.address.line, c.address.city, c.address.county, c.address.postcode, c.address.country].filter(Boolean);
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/customers" className="text-needle-dark hover:underline">
          ← Customers
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold break-words sm:text-4xl">{customerName(c)}</h1>
      <p className="mt-1 break-all text-stone-600">
        {c.email} · customer since {formatDayGB(c.createdAt)}
      </p>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Lifetime spend" value={formatPence(c.spendPence)} testId="customer-spend" />
        <Figure label="Orders" value={c.orderCount.toLocaleString("en-GB")} testId="customer-orders" />
        <Figure label="Last order" value={c.lastOrderAt ? formatDayGB(c.lastOrderAt) : "—"} testId="customer-last-order" />
      </dl>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Panel id="details-heading" title="Details">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-stone-600">Username</dt>
            <dd className="break-all">{c.username}</dd>
            <dt className="text-stone-600">Phone</dt>
            <dd>{c.phone || "—"}</dd>
            <dt className="text-stone-600">Address</dt>
            <dd>{address.length > 0 ? address.join(", ") : "—"}</dd>
            <dt className="text-stone-600">Last signed in</dt>
            <dd>{c.lastSignInAt ? formatDayGB(c.lastSignInAt) : "—"}</dd>
            <dt className="text-stone-600">Favourite genres</dt>
            <dd>{c.favouriteGenres.length > 0 ? c.favouriteGenres.join(", ") : "—"}</dd>
          </dl>
        </Panel>

        <Panel id="club-heading" title="Record club">
          {c.club ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="customer-club">
              <dt className="text-stone-600">Plan</dt>
              <dd>
                {c.club.plan.name} · {c.club.favouriteGenre}
              </dd>
              <dt className="text-stone-600">Status</dt>
              <dd>{c.club.statusLabel}</dd>
              <dt className="text-stone-600">Member since</dt>
              <dd>{formatDateGB(c.club.startedOn)}</dd>
              <dt className="text-stone-600">Next parcel</dt>
              <dd>{c.club.nextShipmentOn ? formatDateGB(c.club.nextShipmentOn) : "None due"}</dd>
              {c.club.endsOn && (
                <>
                  <dt className="text-stone-600">Ends</dt>
                  <dd>{formatDateGB(c.club.endsOn)}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="text-stone-600">Not a member.</p>
          )}
        </Panel>

        <Panel id="newsletter-heading" title="Newsletter">
          {c.newsletter ? (
            <p data-testid="customer-newsletter">
              {c.newsletter.state === "subscribed" ? "Subscribed" : "Unsubscribed"} since{" "}
              {formatDayGB(c.newsletter.unsubscribedAt ?? c.newsletter.subscribedAt)}
              {c.newsletter.favouriteGenre ? ` · favourite genre ${c.newsletter.favouriteGenre}` : ""}
            </p>
          ) : (
            <p className="text-stone-600" data-testid="customer-newsletter">
              Not on the list.
            </p>
          )}
        </Panel>

        <Panel id="wants-heading" title="Wants">
          {c.wants.length === 0 ? (
            <p className="text-stone-600">No wants.</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {c.wants.map((w) => (
                <li key={w.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <Link to={`/admin/catalog-update/${w.recordId}`} className="min-w-0 hover:underline">
                    {w.artist} – {w.title}
                  </Link>
                  <span className="text-stone-600">{WANT_WORDS[w.status]}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <section aria-labelledby="orders-heading" className="mt-6">
        <h2 id="orders-heading" className="font-display text-xl font-bold">
          Orders
        </h2>
        {c.orders.length < c.orderCount && <p className="text-sm text-stone-600">The latest {c.orders.length} are shown.</p>}
        <AdminTable
          caption="Their orders"
          rows={c.orders}
          rowKey={(o) => o.orderNumber}
          columns={orderColumns}
          empty="No orders yet."
          minWidth="min-w-[32rem]"
        />
      </section>
    </div>
  );
}
