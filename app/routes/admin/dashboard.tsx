import { MostWanted } from "~/components/admin/most-wanted";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { CartReminderFigures } from "~/components/admin/cart-reminder-figures";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { dashboardPeriods } from "~/domain/admin/periods";
import { ADMIN_SECTIONS, sectionsFor, type AdminSection } from "~/domain/admin/sections";
import { formatDateGB, formatDateTimeGB } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";
import { Link } from "react-router";

export const handle = staffHandle("back-office");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Admin dashboard", description: "Needledrop shop administration." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  // The shop's figures (sales, customers' orders) are for those who may read its analysis; everyone else is shown
  // the sections their role opens.
  if (!staffMay(staff, "analysis.view"))
    return { figures: null, sections: sectionsFor(staff.role.permissions), roleName: staff.role.name };
  const now = new Date();
  return {
    figures: {
      overview: context.services.admin.overview(now),
      reminders: context.services.cartReminders.stats(dashboardPeriods(now).thirtyDaysStart),
      mostWanted: context.services.wants.mostWanted(5),
      today: context.today,
    },
    sections: null,
    roleName: staff.role.name,
  };
}

/** Where each figure is acted on; the stock and schedule pages read these filters from the address. */
export const DASHBOARD_LINKS = {
  orders: "/admin/order-management",
  toPack: "/admin/shipping-management",
  awaitingStock: "/admin/stock-management?filter=pre-order",
  lowStock: "/admin/stock-management?filter=low",
  outOfStock: "/admin/stock-management?filter=out",
  releasing: "/admin/schedule-management?view=list",
  catalogue: "/admin/catalog-update",
  analysis: "/admin/business-analysis",
} as const;

const number = (n: number) => n.toLocaleString("en-GB");

function Figure({ label, value, detail, to }: { label: string; value: string; detail?: string; to: string }) {
  return (
    <Link
      to={to}
      className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-stone-400 focus-visible:ring-2 focus-visible:ring-stone-900"
    >
      <span className="block text-sm text-stone-600">{label}</span>
      <span className="mt-1 block text-2xl font-bold tabular-nums sm:text-3xl">{value}</span>
      {detail && <span className="mt-1 block text-xs text-stone-600">{detail}</span>}
    </Link>
  );
}

type Figures = NonNullable<Route.ComponentProps["loaderData"]["figures"]>;
type LatestOrder = Figures["overview"]["latest"][number];

const latestOrderColumns: AdminColumn<LatestOrder>[] = [
  {
    header: "Order",
    className: "font-mono whitespace-nowrap",
    cell: (order) => (
      <Link to={`/admin/order-management/${order.orderNumber}`} className="underline">
        {order.orderNumber}
      </Link>
    ),
  },
  { header: "Placed", className: "whitespace-nowrap", cell: (order) => formatDateTimeGB(order.createdAt) },
  {
    header: "Customer",
    cell: (order) => (
      <>
        <span className="block">{order.name}</span>
        <span className="block text-xs text-stone-600">{order.email}</span>
      </>
    ),
  },
  { header: "Total", align: "right", className: "tabular-nums", cell: (order) => formatPence(order.totalPence) },
  { header: "Status", cell: (order) => <OrderStatusBadge status={order.status} /> },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.figures) return <ShopFigures figures={loaderData.figures} />;
  return <StaffSections sections={loaderData.sections ?? []} roleName={loaderData.roleName} />;
}

/** The back office's front page for a role without the shop's figures: where their work is. */
function StaffSections({ sections, roleName }: { sections: AdminSection[]; roleName: string }) {
  const work = sections.filter((s) => s.path !== "/admin");
  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Back office</h1>
      <p className="mt-1 text-sm text-stone-600">Your role: {roleName}. These are the parts of the shop you look after.</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {work.map((s) => (
          <li key={s.path}>
            <Link to={s.path} className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-stone-400">
              <span className="block font-semibold">{s.title}</span>
              <span className="mt-1 block text-sm text-stone-600">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {work.length === 0 && <p className="mt-6 text-stone-600">Your role opens no section yet; ask the shop's owner.</p>}
    </div>
  );
}

function ShopFigures({ figures }: { figures: Figures }) {
  const loaderData = figures;
  const o = figures.overview;
  const soon = ADMIN_SECTIONS.filter((s) => !s.built);
  return (
    <div>
      <h1 className="font-display text-3xl font-bold">Dashboard</h1>
      <p className="mt-1 text-sm text-stone-600">
        Paid orders less refunds; cancelled orders and failed payments are not counted. Times are UK time.
      </p>

      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">Sales</h2>
        <Link to={DASHBOARD_LINKS.analysis} className="text-sm font-semibold underline">
          Business analysis
        </Link>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Orders today"
          value={number(o.today.orders)}
          detail={formatPence(o.today.revenuePence)}
          to={DASHBOARD_LINKS.orders}
        />
        <Figure
          label="Orders this week"
          value={number(o.week.orders)}
          detail={formatPence(o.week.revenuePence)}
          to={DASHBOARD_LINKS.orders}
        />
        <Figure
          label="Revenue, 30 days"
          value={formatPence(o.thirtyDays.revenuePence)}
          detail={`${number(o.thirtyDays.orders)} orders`}
          to={DASHBOARD_LINKS.orders}
        />
        <Figure
          label="Average order, 30 days"
          value={formatPence(o.thirtyDays.averagePence)}
          detail={`this week ${formatPence(o.week.averagePence)}`}
          to={DASHBOARD_LINKS.orders}
        />
      </div>

      <h2 className="mt-6 text-sm font-semibold tracking-wide text-stone-600 uppercase">Needs doing</h2>
      <div className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="To pack"
          value={number(o.toPack)}
          detail={o.awaitingStock ? `${number(o.awaitingStock)} more wait for stock` : "paid and ready"}
          to={DASHBOARD_LINKS.toPack}
        />
        <Figure label="Low stock" value={number(o.lowStock)} detail="at or under threshold" to={DASHBOARD_LINKS.lowStock} />
        <Figure label="Out of stock" value={number(o.outOfStock)} detail="released records" to={DASHBOARD_LINKS.outOfStock} />
        <Figure
          label="Releasing in 14 days"
          value={number(o.releasingSoon.records)}
          detail={`${number(o.releasingSoon.openPreOrders)} open pre-orders · to ${formatDateGB(o.releasingSoon.to)}`}
          to={DASHBOARD_LINKS.releasing}
        />
      </div>

      <CartReminderFigures sent={loaderData.reminders.sent} ledToOrder={loaderData.reminders.ledToOrder} />

      <MostWanted items={loaderData.mostWanted} today={loaderData.today} />

      <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display text-xl font-bold">Latest orders</h2>
        <Link to={DASHBOARD_LINKS.orders} className="text-sm font-semibold underline">
          All orders
        </Link>
      </div>
      {o.latest.length === 0 ? (
        <p className="mt-3 rounded-xl bg-white p-4 text-stone-600 ring-1 ring-stone-200">No orders yet.</p>
      ) : (
        <>
          {/* Phones get one card per order; the table needs the width of a tablet. */}
          <ul className="mt-3 divide-y divide-stone-100 rounded-xl bg-white shadow-sm ring-1 ring-stone-200 sm:hidden">
            {o.latest.map((order) => (
              <li key={order.orderNumber} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-3 text-sm">
                <Link to={`/admin/order-management/${order.orderNumber}`} className="font-mono font-semibold underline">
                  {order.orderNumber}
                </Link>
                <span className="text-right font-semibold tabular-nums">{formatPence(order.totalPence)}</span>
                <span className="truncate text-stone-700">{order.name}</span>
                <span className="text-right">
                  <OrderStatusBadge status={order.status} />
                </span>
                <span className="col-span-2 text-xs text-stone-600">{formatDateTimeGB(order.createdAt)}</span>
              </li>
            ))}
          </ul>
          <AdminTable
            caption="Latest orders"
            rows={o.latest}
            rowKey={(order) => order.orderNumber}
            columns={latestOrderColumns}
            minWidth=""
            className="mt-3 hidden sm:block"
          />
        </>
      )}

      <p className="mt-8 text-sm text-stone-600">
        <Link to={DASHBOARD_LINKS.catalogue} className="underline">
          {number(o.records)} records
        </Link>{" "}
        in the catalogue · {number(o.customers)} customer accounts
      </p>
      {soon.length > 0 && <p className="mt-2 text-xs text-stone-500">Still to come: {soon.map((s) => s.title).join(", ")}.</p>}
    </div>
  );
}
