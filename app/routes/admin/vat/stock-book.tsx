import { Form, Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { formatDateGB, todayInLondon } from "~/domain/shared/dates";
import { formatPence } from "~/domain/shared/money";
import { saleFigures, type StockBookRow } from "~/domain/vat/stock-book";
import { previousQuarter, quarterOf } from "~/domain/vat/vat-quarter";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { quarterParam } from "./quarter-param.server";
import type { Route } from "./+types/stock-book";

export const handle = staffHandle("analysis.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Stock book", description: "The VAT margin scheme's stock book and quarterly summary." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const quarter = quarterParam(url);
  // The quarter chosen, and the eight up to the current one to choose from.
  const quarters = [quarterOf(todayInLondon())];
  while (quarters.length < 8) quarters.push(previousQuarter(quarters.at(-1)!));
  if (!quarters.some((q) => q.key === quarter.key)) quarters.push(quarter);
  return {
    quarter,
    quarters,
    rows: context.services.stockBook.book(quarter),
    summary: context.services.stockBook.summary(quarter),
  };
}

const money = (pence: number | null | undefined) => (pence === null || pence === undefined ? "—" : formatPence(pence));

const columns: AdminColumn<StockBookRow>[] = [
  { header: "Stock no.", className: "font-mono tabular-nums", cell: (r) => r.stockNumber },
  {
    header: "Description",
    cell: (r) => (
      <>
        <Link to={`/admin/catalog-update/${r.stockNumber}`} className="font-medium text-needle-dark hover:underline">
          {r.description}
        </Link>
        <span className="block font-mono text-xs text-stone-600">{r.catalogueId}</span>
      </>
    ),
  },
  {
    header: "Bought",
    cell: (r) => (
      <>
        {r.boughtOn ? formatDateGB(r.boughtOn) : "—"}
        <span className="block text-xs text-stone-600">{r.seller ?? "Seller not recorded"}</span>
        {r.purchaseReference && (
          <Link to={`/admin/purchases/${r.purchaseReference.split(" ")[0]}`} className="block font-mono text-xs underline">
            {r.purchaseReference}
          </Link>
        )}
      </>
    ),
  },
  { header: "Paid", className: "tabular-nums", cell: (r) => money(r.purchasePricePence) },
  {
    header: "Sold",
    cell: (r) =>
      r.sale ? (
        <>
          {formatDateGB(r.sale.soldOn)}
          <Link to={`/admin/order-management/${r.sale.orderNumber}`} className="block font-mono text-xs underline">
            {r.sale.orderNumber}
          </Link>
          <span className="block text-xs text-stone-600">{r.sale.buyer}</span>
          {r.sale.refunded && <span className="block text-xs font-semibold">Refunded</span>}
        </>
      ) : (
        <span className="text-stone-600">In stock</span>
      ),
  },
  { header: "Sold for", className: "tabular-nums", cell: (r) => money(r.sale?.sellingPence) },
  { header: "Margin", className: "tabular-nums", cell: (r) => money(saleFigures(r)?.marginPence) },
  { header: "VAT", className: "tabular-nums font-semibold", cell: (r) => money(saleFigures(r)?.vatPence) },
];

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-stone-600">{note}</dd>}
    </div>
  );
}

export default function StockBook({ loaderData }: Route.ComponentProps) {
  const { quarter, quarters, rows, summary: s } = loaderData;
  const q = `quarter=${quarter.key}`;
  return (
    <div className="max-w-6xl">
      <h1 className="font-display text-3xl font-bold">Stock book</h1>
      <p className="mt-2 max-w-3xl text-stone-700">
        Every used copy sold under the VAT margin scheme, with its purchase and its sale (HMRC VAT Notice 718). VAT is one-sixth
        of each copy&apos;s margin; a copy sold at a loss owes none, and its loss is never set against another copy&apos;s margin.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">VAT quarter</span>
          <select
            name="quarter"
            defaultValue={quarter.key}
            className="mt-1 rounded-md border border-stone-300 bg-white px-3 py-2"
          >
            {quarters.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle">
          Show
        </button>
        <a href={`/admin/stock-book.csv?${q}`} className="text-sm underline" download>
          Stock book CSV
        </a>
        <a href={`/admin/stock-book/summary.csv?${q}`} className="text-sm underline" download>
          Summary CSV
        </a>
      </Form>
      <section aria-labelledby="summary-heading" className="mt-6">
        <h2 id="summary-heading" className="font-semibold">
          Margin scheme, {quarter.label}
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Copies sold" value={String(s.sold)} note={`Sales ${formatPence(s.salesPence)}`} />
          <Figure label="Margins" value={formatPence(s.marginsPence)} note={`Cost of sales ${formatPence(s.costOfSalesPence)}`} />
          <Figure label="VAT due on margins" value={formatPence(s.vatDuePence)} />
          <Figure label="Losses, not netted" value={formatPence(s.lossesPence)} />
          <Figure label="Copies bought" value={String(s.bought)} note={`Purchases ${formatPence(s.purchasesPence)}`} />
        </dl>
      </section>
      <AdminTable
        caption={`Stock book, ${quarter.label}`}
        rows={rows}
        rowKey={(r) => r.stockNumber}
        columns={columns}
        empty="No margin-scheme copies bought or sold in this quarter."
        className="mt-6"
      />
    </div>
  );
}
