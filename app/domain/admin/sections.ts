import type { PagePermission } from "~/domain/staff/permissions";

/** The back office's sections (spec §1, §2, §6), in the order the admin navigation lists them. */
export const ADMIN_SECTIONS = [
  {
    path: "/admin",
    permission: "back-office",
    title: "Dashboard",
    text: "Today's orders, revenue and what needs doing.",
    built: true,
  },
  {
    path: "/admin/order-management",
    permission: "orders.view",
    title: "Orders",
    text: "Find, fulfil, cancel and refund orders.",
    built: true,
  },
  {
    path: "/admin/limited",
    permission: "orders.view",
    title: "Limited records",
    text: "Limits per customer, on-sale times, drops and the orders they refused.",
    built: true,
  },
  {
    path: "/admin/returns",
    permission: "orders.view",
    title: "Returns",
    text: "Approve, receive, inspect and refund returns.",
    built: true,
  },
  {
    path: "/admin/gift-vouchers",
    permission: "orders.view",
    title: "Gift vouchers",
    text: "Gift vouchers and store credit: balances, cancel, resend and goodwill credit.",
    built: true,
  },
  {
    path: "/admin/drops",
    permission: "orders.view",
    title: "Drops",
    text: "Records sold through a fair queue: the ballot, holds and copies left.",
    built: true,
  },
  {
    path: "/admin/shipping-management",
    permission: "orders.dispatch",
    title: "Shipping",
    text: "Pack, label and dispatch with Royal Mail.",
    built: true,
  },
  {
    path: "/admin/pre-orders",
    permission: "catalogue.edit",
    title: "Pre-orders",
    text: "Whether pre-orders are charged at order time or when they ship.",
    built: true,
  },
  {
    path: "/admin/delivery",
    permission: "shipping.settings",
    title: "Delivery rates",
    text: "Rates by zone and weight, packaging, the euro rate, label origins and records missing customs facts.",
    built: true,
  },
  {
    path: "/admin/stock-management",
    permission: "stock.manage",
    title: "Stock",
    text: "Stock levels, goods-in and the movement log.",
    built: true,
  },
  {
    path: "/admin/purchases",
    permission: "stock.manage",
    title: "Purchases",
    text: "Buy a collection from the public; print its purchase record for the seller to sign.",
    built: true,
  },
  {
    path: "/admin/stock-book",
    permission: "analysis.view",
    title: "Stock book",
    text: "The VAT margin scheme's stock book and each quarter's margin VAT, with CSVs.",
    built: true,
  },
  {
    path: "/admin/vat-report",
    permission: "analysis.view",
    title: "VAT report",
    text: "A month's UK VAT, zero-rated exports and IOSS VAT by EU member state, with CSVs.",
    built: true,
  },
  {
    path: "/admin/catalog-update",
    permission: "catalogue.edit",
    title: "Catalogue",
    text: "Add and edit records; CSV import and export.",
    built: true,
  },
  {
    path: "/admin/intake",
    permission: "catalogue.edit",
    title: "Intake",
    text: "Scan used records in: find the pressing, grade, price, shelve and label each copy.",
    built: true,
  },
  {
    path: "/admin/discogs",
    permission: "catalogue.edit",
    title: "Discogs",
    text: "Used copies listed on Discogs, the sync's queue and Discogs's orders.",
    built: true,
  },
  {
    path: "/admin/schedule-management",
    permission: "schedule.manage",
    title: "Schedule",
    text: "Release calendar and scheduled publishing.",
    built: true,
  },
  {
    path: "/admin/record-club",
    permission: "club.manage",
    title: "Record club",
    text: "Club members and each month's picks.",
    built: true,
  },
  {
    path: "/admin/customers",
    permission: "customers.view",
    title: "Customers",
    text: "Customers, their orders, spend, wants and club membership.",
    built: true,
  },
  {
    path: "/admin/email-marketing",
    permission: "email.manage",
    title: "Email marketing",
    text: "Newsletter subscribers and campaigns.",
    built: true,
  },
  {
    path: "/admin/business-analysis",
    permission: "analysis.view",
    title: "Business analysis",
    text: "Sales, best sellers, stock and customers.",
    built: true,
  },
  {
    path: "/admin/instagram-management",
    permission: "instagram.manage",
    title: "Instagram",
    text: "Posts for new arrivals and restocks.",
    built: true,
  },
  {
    path: "/marketing-tools",
    permission: "promotions.manage",
    title: "Marketing tools",
    text: "Discount codes, staff picks and the home page slides.",
    built: true,
  },
  {
    path: "/admin/staff",
    permission: "staff.manage",
    title: "Staff",
    text: "Invite staff, set their roles and two-factor rules.",
    built: true,
  },
  {
    path: "/admin/audit-log",
    permission: "staff.manage",
    title: "Audit log",
    text: "Every change made in the back office.",
    built: true,
  },
] as const satisfies readonly { path: string; permission: PagePermission; title: string; text: string; built: boolean }[];

/** The sections a person may open, for their navigation: only what they may do is offered. */
export function sectionsFor(permissions: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => s.permission === "back-office" || permissions.includes(s.permission));
}

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The section a path belongs to: the longest section path it starts with (the dashboard only for itself). */
export function currentSection(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return ADMIN_SECTIONS.filter((s) =>
    s.path === "/admin" ? path === "/admin" : path === s.path || path.startsWith(`${s.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}
