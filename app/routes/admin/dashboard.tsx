import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { ADMIN_SECTIONS } from "~/domain/admin/sections";
import type { Route } from "./+types/dashboard";

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
    <div>
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
        {ADMIN_SECTIONS.filter((s) => !s.built).map((s) => (
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
