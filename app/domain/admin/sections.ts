/** The back office's sections (spec §1, §2, §6), in the order the admin navigation lists them. */
export const ADMIN_SECTIONS = [
  { path: "/admin", title: "Dashboard", text: "Today's orders, revenue and what needs doing.", built: true },
  { path: "/admin/order-management", title: "Orders", text: "Find, fulfil, cancel and refund orders.", built: true },
  { path: "/admin/shipping-management", title: "Shipping", text: "Pack, label and dispatch with Royal Mail.", built: true },
  { path: "/admin/stock-management", title: "Stock", text: "Stock levels, goods-in and the movement log.", built: true },
  { path: "/admin/catalog-update", title: "Catalogue", text: "Add and edit records; CSV import and export.", built: true },
  { path: "/admin/schedule-management", title: "Schedule", text: "Release calendar and scheduled publishing.", built: true },
  { path: "/admin/record-club", title: "Record club", text: "Club members and each month's picks.", built: true },
  { path: "/admin/email-marketing", title: "Email marketing", text: "Newsletter subscribers and campaigns.", built: true },
  {
    path: "/admin/business-analysis",
    title: "Business analysis",
    text: "Sales, best sellers, stock and customers.",
    built: true,
  },
  { path: "/admin/instagram-management", title: "Instagram", text: "Posts for new arrivals and restocks.", built: true },
  {
    path: "/marketing-tools",
    title: "Marketing tools",
    text: "Discount codes, staff picks and the home page slides.",
    built: true,
  },
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** The section a path belongs to: the longest section path it starts with (the dashboard only for itself). */
export function currentSection(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return ADMIN_SECTIONS.filter((s) =>
    s.path === "/admin" ? path === "/admin" : path === s.path || path.startsWith(`${s.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
}
