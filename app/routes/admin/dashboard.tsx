import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

/** The admin sections of spec §1/§2; each page arrives with the admin work. */
export const ADMIN_SECTIONS = [
  { path: "/admin/order-management", title: "Orders", text: "Find, fulfil and refund orders." },
  { path: "/admin/stock-management", title: "Stock", text: "Stock levels, restocks and the movement log." },
  { path: "/admin/catalog-update", title: "Catalogue", text: "Add and edit records, prices and release dates." },
  { path: "/admin/shipping-management", title: "Shipping", text: "Royal Mail rates, labels and dispatch." },
  { path: "/admin/schedule-management", title: "Schedule", text: "Pre-order release dates and shop hours." },
  { path: "/admin/email-marketing", title: "Email marketing", text: "Newsletter subscribers and campaigns." },
  { path: "/admin/business-analysis", title: "Business analysis", text: "Sales, margins and best sellers." },
  { path: "/admin/instagram-management", title: "Instagram", text: "Posts for new arrivals and restocks." },
  { path: "/marketing-tools", title: "Marketing tools", text: "Discount codes and promotions." },
] as const;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Admin dashboard", description: "Needledrop shop administration." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
  return { username: user.username, overview: context.services.admin.overview() };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:px-8">
      <p className="text-sm font-semibold tracking-widest text-needle-dark uppercase">Admin</p>
      <h1 className="mt-1 font-display text-3xl font-bold sm:text-4xl">Dashboard</h1>
      <p className="mt-2 text-stone-600">Signed in as {loaderData.username}.</p>
      <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          ["Records", overview.records],
          ["Customers", overview.users],
          ["Orders", overview.orders],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-3xl font-bold">{Number(value).toLocaleString("en-GB")}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-12 font-display text-2xl font-bold">Sections</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.path} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
            <h3 className="font-semibold">{s.title}</h3>
            <p className="mt-1 text-sm text-stone-600">{s.text}</p>
            <p className="mt-3 text-xs font-semibold tracking-wide text-stone-600 uppercase">Coming soon</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
