import { Form, Link } from "react-router";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ratePercentLabel } from "~/domain/international/destination-vat";
import { monthOf, shiftMonth, type ExportRow, type IossRow, type VatMonth } from "~/domain/international/vat-report";
import { formatPence } from "~/domain/shared/money";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { monthParam } from "./month-param.server";
import type { Route } from "./+types/vat-report";

export const handle = staffHandle("analysis.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "VAT report", description: "A month's UK VAT, zero-rated exports and IOSS VAT by EU member state." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const month = monthParam(url, context.today);
  // The month chosen, and the twelve up to the current one to choose from.
  const months: VatMonth[] = [monthOf(context.today)];
  while (months.length < 12) months.push(shiftMonth(months.at(-1)!, -1)!);
  if (!months.some((m) => m.key === month.key)) months.push(month);
  return {
    month,
    months,
    report: context.services.businessAnalysis.vatReport(month),
    iossNumber: context.services.deliverySettings.get().iossNumber,
  };
}

const number = (n: number) => n.toLocaleString("en-GB");

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-stone-600">{note}</dd>}
    </div>
  );
}

function Heading({ id, title, csv }: { id: string; title: string; csv: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      <a href={csv} download className="text-sm font-semibold underline" aria-label={`Download CSV: ${title}`}>
        Download CSV
      </a>
    </div>
  );
}

const exportColumns: AdminColumn<ExportRow>[] = [
  { header: "Reason", rowHeader: true, cell: (r) => r.label },
  { header: "Orders", align: "right", className: "tabular-nums", cell: (r) => number(r.orders) },
  { header: "Value", align: "right", className: "tabular-nums", cell: (r) => formatPence(r.netPence) },
  { header: "Refunded", align: "right", className: "tabular-nums", cell: (r) => formatPence(r.refundedPence) },
  { header: "After refunds", align: "right", className: "tabular-nums font-semibold", cell: (r) => formatPence(r.dueNetPence) },
];

const iossColumns: AdminColumn<IossRow>[] = [
  { header: "Member state", rowHeader: true, cell: (r) => `${r.countryName} (${r.countryCode})` },
  { header: "Rate", align: "right", className: "tabular-nums", cell: (r) => ratePercentLabel(r.rateBasisPoints) },
  { header: "Orders", align: "right", className: "tabular-nums", cell: (r) => number(r.orders) },
  { header: "Taxable amount", align: "right", className: "tabular-nums", cell: (r) => formatPence(r.taxablePence) },
  { header: "VAT", align: "right", className: "tabular-nums", cell: (r) => formatPence(r.vatPence) },
  {
    header: "Refunds",
    align: "right",
    className: "tabular-nums",
    cell: (r) => (r.refunds ? `−${formatPence(r.refundedTaxablePence)} / −${formatPence(r.refundedVatPence)} VAT` : "—"),
  },
  { header: "Taxable due", align: "right", className: "tabular-nums", cell: (r) => formatPence(r.dueTaxablePence) },
  { header: "VAT due", align: "right", className: "tabular-nums font-semibold", cell: (r) => formatPence(r.dueVatPence) },
];

export default function VatReport({ loaderData }: Route.ComponentProps) {
  const { month, months, report, iossNumber } = loaderData;
  const csv = (table: string) => `/admin/vat-report.csv?month=${month.key}&table=${table}`;
  const { uk, exports, ioss } = report;
  return (
    <div className="min-w-0 max-w-6xl">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">VAT report</h1>
      <p className="mt-2 max-w-3xl text-sm text-stone-700">
        Orders paid in the month (by the UK day), and refunds given in it. A refund is an adjustment of the month it was given, so
        a month already declared keeps its figures. Gift voucher sales are left out: their VAT is due when they are spent.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="block font-medium">Month</span>
          <select name="month" defaultValue={month.key} className="mt-1 rounded-md border border-stone-300 bg-white px-3 py-2">
            {months.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle">
          Show
        </button>
        <Link to="/admin/stock-book" className="text-sm underline">
          Margin scheme stock book
        </Link>
      </Form>

      <section aria-labelledby="uk-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <Heading id="uk-heading" title={`UK VAT, ${month.label}`} csv={csv("uk")} />
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure
            label="Sales in the UK"
            value={formatPence(uk.sales.grossPence)}
            note={`${number(uk.sales.orders)} orders · net ${formatPence(uk.sales.netPence)}`}
          />
          <Figure
            label="Output VAT"
            value={formatPence(uk.sales.vatPence)}
            note={`Standard-rated ${formatPence(uk.sales.vatPence - uk.sales.marginVatPence)} · margin scheme ${formatPence(uk.sales.marginVatPence)}`}
          />
          <Figure
            label="Refunds given"
            value={formatPence(uk.refunds.grossPence)}
            note={`${number(uk.refunds.count)} refunds · VAT ${formatPence(uk.refunds.vatPence)}`}
          />
          <Figure
            label="VAT due after refunds"
            value={formatPence(uk.due.vatPence)}
            note={`Standard-rated ${formatPence(uk.due.vatPence - uk.due.marginVatPence)} · margin ${formatPence(uk.due.marginVatPence)}`}
          />
        </dl>
      </section>

      <section aria-labelledby="exports-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <Heading id="exports-heading" title="Zero-rated exports" csv={csv("exports")} />
        <p className="mt-1 text-sm text-stone-600">
          Sent out of the UK without VAT (HMRC VAT Notice 703): the whole value, postage included, by why no VAT was charged.
          Total {formatPence(exports.total.dueNetPence)} after refunds, {number(exports.total.orders)} orders.
        </p>
        <AdminTable
          caption={`Zero-rated exports, ${month.label}`}
          rows={exports.rows}
          rowKey={(r) => r.reason}
          columns={exportColumns}
          empty="No exports."
          className="mt-3"
        />
      </section>

      <section aria-labelledby="ioss-heading" className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <Heading id="ioss-heading" title="IOSS VAT by member state" csv={csv("ioss")} />
        <p className="mt-1 text-sm text-stone-600">
          {iossNumber ? `IOSS number ${iossNumber}. ` : "The shop has no IOSS number set. "}
          The month&apos;s IOSS return: per member state of consumption, the taxable amount (goods and delivery, without VAT) and
          the VAT at each rate. Figures are in pounds; the return is made in euros at the European Central Bank&apos;s rate on the
          month&apos;s last day. VAT due {formatPence(ioss.total.dueVatPence)} on {formatPence(ioss.total.dueTaxablePence)}.
        </p>
        <AdminTable
          caption={`IOSS VAT by member state, ${month.label}`}
          rows={ioss.rows}
          rowKey={(r) => `${r.countryCode}-${r.rateBasisPoints}`}
          columns={iossColumns}
          empty="No sales under IOSS and no IOSS refunds this month."
          className="mt-3"
        />
      </section>
    </div>
  );
}
