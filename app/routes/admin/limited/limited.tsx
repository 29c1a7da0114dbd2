import { data, Link } from "react-router";
import { AdminPager } from "~/components/admin/admin-pager";
import { formatOnSaleTime } from "~/domain/limited/on-sale";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { pagedPath, parsePageParam } from "~/domain/shared/paging";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/limited";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Limited records", description: "Limited records and refused attempts." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const page = parsePageParam(url.searchParams);
  if (page === null) throw data(null, { status: 404 });
  const { limitedSales } = context.services;
  return { records: limitedSales.limitedRecords(), refusals: limitedSales.refusals(page) };
}

const MATCHED_BY: Record<string, string> = {
  account: "Same account",
  email: "Same e-mail",
  address: "Same address",
  card: "Same card",
};

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2";

export default function LimitedRecords({ loaderData }: Route.ComponentProps) {
  const { records, refusals } = loaderData;
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Limited records</h1>
      <p className="mt-1 text-stone-600">
        Records with a limit per customer or an on-sale time, and the orders refused by them. A customer is recognised by account,
        e-mail (dots and +tags folded), delivery address or card; cancelled and refunded copies give their place back. Set a
        record's limit on its catalogue page.
      </p>

      <section aria-labelledby="limited-heading" className="mt-6">
        <h2 id="limited-heading" className="font-display text-2xl font-bold">
          Records
        </h2>
        {records.length === 0 ? (
          <p className="mt-2 text-stone-700">No record is limited.</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
            <table className="w-full text-sm">
              <thead className="bg-stone-50 text-left text-stone-600">
                <tr>
                  <th className={th}>Record</th>
                  <th className={th}>Limit</th>
                  <th className={th}>On sale</th>
                  <th className={th}>Sold</th>
                  <th className={th}>Drop</th>
                </tr>
              </thead>
              <tbody>
                {records.map((r) => (
                  <tr key={r.id} className="border-t border-stone-100 align-top">
                    <th scope="row" className={`${td} text-left font-normal`}>
                      <Link
                        to={`/admin/catalog-update/${r.id}#limited-sale`}
                        className="font-semibold text-needle-dark underline"
                      >
                        {r.artist} – {r.title}
                      </Link>
                      {r.recordStoreDay && <span className="block text-xs text-stone-600">Record Store Day</span>}
                    </th>
                    <td className={td}>{r.limitPerCustomer === null ? "None" : `${r.limitPerCustomer} per customer`}</td>
                    <td className={`${td} min-w-44`}>
                      {r.onSaleAt ? <time dateTime={r.onSaleAt}>{formatOnSaleTime(r.onSaleAt)}</time> : "Now"}
                    </td>
                    <td className={td}>
                      {r.sold} <span className="text-stone-600">({r.stockQuantity} left)</span>
                    </td>
                    <td className={td}>{r.isDrop ? "Yes" : "No"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="refusals-heading" className="mt-10">
        <h2 id="refusals-heading" className="font-display text-2xl font-bold">
          Refused attempts
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {refusals.total === 0 ? "None yet." : `${refusals.total} in all, newest first.`}
        </p>
        {refusals.rows.length > 0 && (
          <div className="mt-3 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
            <table className="w-full text-sm">
              <thead className="bg-stone-50 text-left text-stone-600">
                <tr>
                  <th className={th}>When</th>
                  <th className={th}>Record</th>
                  <th className={th}>E-mail</th>
                  <th className={th}>Matched by</th>
                  <th className={th}>Earlier order</th>
                  <th className={th}>Asked / already had</th>
                </tr>
              </thead>
              <tbody>
                {refusals.rows.map((r) => (
                  <tr key={r.id} className="border-t border-stone-100 align-top">
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={r.createdAt}>{formatDateTimeGB(r.createdAt)}</time>
                      <span className="block text-xs text-stone-600">via {r.channel}</span>
                    </td>
                    <td className={td}>
                      {r.artist} – {r.title}
                    </td>
                    <td className={`${td} min-w-48 break-all`}>{r.email}</td>
                    <td className={td}>{MATCHED_BY[r.matchedBy] ?? r.matchedBy}</td>
                    <td className={td}>
                      {r.matchedOrderNumber ? (
                        <Link
                          to={`/admin/order-management/${r.matchedOrderNumber}`}
                          className="font-semibold text-needle-dark underline"
                        >
                          {r.matchedOrderNumber}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className={td}>
                      {r.requestedQuantity} / {r.alreadyBought}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <AdminPager page={refusals.page} pageCount={refusals.pageCount} hrefFor={(p) => pagedPath("/admin/limited", p)} />
      </section>
    </div>
  );
}
