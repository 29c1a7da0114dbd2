import { data, Link } from "react-router";
import { PrintButton } from "~/components/print-button";
import { formatDateGB } from "~/domain/shared/dates";
import { NotFoundError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { SHOP_ADDRESS } from "~/domain/vat/shop-details";
import { VAT_SCHEME_NAMES } from "~/domain/vat/vat-schemes";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/purchase-record";

export const handle = staffHandle("stock.manage");

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: `Purchase ${d?.purchase.reference ?? ""}`, description: "A purchase record for the seller to sign." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  if (!/^PU-[A-Z2-7]{8}$/.test(params.reference)) throw data("No such purchase", { status: 404 });
  try {
    return context.services.stockPurchases.get(params.reference);
  } catch (error) {
    if (error instanceof NotFoundError) throw data("No such purchase", { status: 404 });
    throw error;
  }
}

// A4, the back office's frame hidden when printed (the root's print rules), one sheet.
const PRINT_CSS =
  "@page { size: A4; margin: 16mm; } @media print { html, body, body * { background-color: white !important; } .purchase-sheet { box-shadow: none !important; border: 0 !important; padding: 0 !important; } }";

export default function PurchaseRecord({ loaderData }: Route.ComponentProps) {
  const { purchase: p, copies } = loaderData;
  const margin = p.vatScheme === "margin";
  return (
    <div className="max-w-4xl">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/admin/purchases" className="text-sm text-stone-600 underline">
          ← Purchases
        </Link>
        <PrintButton label="Print purchase record" />
      </div>
      <article className="purchase-sheet mt-4 rounded-xl bg-white p-8 text-stone-900 shadow-sm ring-1 ring-stone-200 print:mt-0">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-300 pb-4">
          <div>
            <p className="font-display text-2xl font-bold">Purchase record</p>
            <p className="text-sm text-stone-600">Second-hand records bought by the shop</p>
          </div>
          <dl className="text-right text-sm">
            <dt className="sr-only">Reference</dt>
            <dd className="font-mono text-lg font-bold">{p.reference}</dd>
            <dt className="sr-only">Date</dt>
            <dd>Bought {formatDateGB(p.boughtAt)}</dd>
          </dl>
        </header>
        <div className="mt-4 grid gap-6 text-sm sm:grid-cols-2 print:grid-cols-2">
          <div>
            <p className="text-xs font-semibold text-stone-600 uppercase">Bought by</p>
            <address className="mt-1 not-italic">
              {SHOP_ADDRESS.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div>
            <p className="text-xs font-semibold text-stone-600 uppercase">Sold by</p>
            <address className="mt-1 whitespace-pre-line not-italic">
              <span className="block font-semibold">{p.sellerName}</span>
              {p.sellerAddress}
            </address>
          </div>
        </div>
        <p className="mt-4 text-sm">
          {VAT_SCHEME_NAMES[p.vatScheme]}
          {p.invoiceReference ? ` · VAT invoice ${p.invoiceReference}` : ""}
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Copies bought</caption>
          <thead className="border-b border-stone-300 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-2">
                Stock no.
              </th>
              <th scope="col" className="py-2 pr-2">
                Record
              </th>
              <th scope="col" className="py-2 pr-2">
                Grade
              </th>
              <th scope="col" className="py-2 text-right">
                Price paid
              </th>
            </tr>
          </thead>
          <tbody>
            {copies.map((c) => (
              <tr key={c.id} className="border-b border-stone-200">
                <td className="py-2 pr-2 font-mono tabular-nums">{c.id}</td>
                <td className="py-2 pr-2">
                  <span className="font-semibold">{c.artist}</span> – {c.title}
                  <span className="block font-mono text-xs text-stone-600">{c.catalogueId}</span>
                </td>
                <td className="py-2 pr-2">
                  {c.mediaGrade}/{c.sleeveGrade}
                </td>
                <td className="py-2 text-right tabular-nums">{formatPence(c.purchasePricePence ?? 0)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 text-right font-semibold">
                Total paid ({copies.length} {copies.length === 1 ? "record" : "records"})
              </th>
              <td className="pt-3 text-right font-bold tabular-nums">{formatPence(p.totalPence)}</td>
            </tr>
          </tfoot>
        </table>
        {p.note && <p className="mt-4 text-sm">Note: {p.note}</p>}
        <p className="mt-6 text-sm text-stone-700">
          {margin
            ? "I confirm that I owned these records and have sold them to the shop for the total above. No VAT was charged on this sale."
            : "Bought with the VAT invoice named above."}
        </p>
        <div className="mt-10 grid gap-10 text-sm sm:grid-cols-2 print:grid-cols-2">
          <p className="border-t border-stone-500 pt-1">Seller&apos;s signature</p>
          <p className="border-t border-stone-500 pt-1">Date</p>
          <p className="border-t border-stone-500 pt-1">For the shop</p>
          <p className="border-t border-stone-500 pt-1">Date</p>
        </div>
      </article>
    </div>
  );
}
