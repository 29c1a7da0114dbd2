import { Link } from "react-router";
import { countryName } from "~/domain/international/countries";
import { DEFAULT_ORIGIN_COUNTRY, RECORD_HS_CODE } from "~/domain/international/customs";
import { formatDefaultGrams } from "~/domain/international/parcel-weight";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/missing-customs";

export const handle = staffHandle("shipping.settings");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Records missing customs facts", description: "Delivery back office." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { count, rows } = context.services.deliveryAdmin.missingCustoms();
  const origin = context.services.deliverySettings.labelOrigin;
  return {
    count,
    rows: rows.map((r) => ({
      ...r,
      weightDefault: formatDefaultGrams(r.format),
      originDefault: (r.label ? origin(r.label) : undefined) ?? DEFAULT_ORIGIN_COUNTRY,
    })),
  };
}

/** A fact the record has, or the default that stands in for it, greyed. */
function Fact({ own, fallback }: { own: string | null; fallback: string }) {
  return own !== null ? (
    <span className="whitespace-nowrap">{own}</span>
  ) : (
    <span className="whitespace-nowrap text-amber-800">default: {fallback}</span>
  );
}

export default function MissingCustoms({ loaderData }: Route.ComponentProps) {
  const { count, rows } = loaderData;
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/delivery" className="text-needle-dark hover:underline">
          ← Delivery rates and customs
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Records missing customs facts</h1>
      <p className="mt-1 text-stone-600">
        These records ship with a default weight, tariff code or country of origin. Their declarations are still made, but a
        record's own figures make them exact.{" "}
        {count > rows.length ? `Showing the first ${rows.length} of ${count}.` : `${count} in all.`}
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-stone-700">Every record has its own weight, tariff code and country of origin.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full text-sm">
            <thead className="bg-stone-50 text-left text-stone-600">
              <tr>
                <th className="px-3 py-2 font-medium">Record</th>
                <th className="px-3 py-2 font-medium">Weight</th>
                <th className="px-3 py-2 font-medium">Tariff code</th>
                <th className="px-3 py-2 font-medium">Origin</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-stone-100 align-top">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    <Link to={`/admin/catalog-update/${r.id}#customs`} className="font-semibold text-needle-dark underline">
                      {r.artist} – {r.title}
                    </Link>
                    <span className="block text-xs text-stone-600">{[r.format, r.label].filter(Boolean).join(" · ")}</span>
                  </th>
                  <td className="px-3 py-2">
                    <Fact own={r.weightGrams === null ? null : `${r.weightGrams} g`} fallback={`${r.weightDefault} g`} />
                  </td>
                  <td className="px-3 py-2">
                    <Fact own={r.hsCode} fallback={RECORD_HS_CODE} />
                  </td>
                  <td className="px-3 py-2">
                    <Fact
                      own={r.originCountry === null ? null : countryName(r.originCountry)}
                      fallback={countryName(r.originDefault)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
