import { Link } from "react-router";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/drop-list";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Drops", description: "Records sold through a fair queue." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { drops: context.services.drops.list() };
}

export default function DropList({ loaderData }: Route.ComponentProps) {
  const { drops } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="font-display text-2xl font-bold">Drops</h1>
      <p className="text-stone-600">
        Records marked as a drop are sold through a waiting room: a ballot at the on-sale time, then 10-minute holds.
      </p>
      {drops.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4">No record is marked as a drop.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th className="px-3 py-2">Record</th>
                <th className="px-3 py-2">On sale</th>
                <th className="px-3 py-2 text-right">In the queue</th>
                <th className="px-3 py-2 text-right">Copies left</th>
                <th className="px-3 py-2">Ballot</th>
              </tr>
            </thead>
            <tbody>
              {drops.map((d) => (
                <tr key={d.id} className="border-t border-stone-200">
                  <td className="px-3 py-2">
                    <Link className="font-medium underline" to={`/admin/drops/${d.id}`}>
                      {d.artist} – {d.title}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{formatDateTimeGB(d.onSaleAt)}</td>
                  <td className="px-3 py-2 text-right">{d.entrants}</td>
                  <td className="px-3 py-2 text-right">{d.stockQuantity}</td>
                  <td className="px-3 py-2">{d.drawnAt ? `Drawn ${formatDateTimeGB(d.drawnAt)}` : "Not drawn yet"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
