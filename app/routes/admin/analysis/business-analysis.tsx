import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { data, Form } from "react-router";
import { FieldMessage } from "~/components/admin/form-field";
import { BarListChart } from "~/components/admin/charts/bar-list-chart";
import { FigureBlock } from "~/components/admin/charts/figure-block";
import { TimeChart } from "~/components/admin/charts/time-chart";
import { formatChange, formatWholePounds, percentChange, type AnalysisFigure } from "~/domain/admin/analysis/figures";
import {
  analysisAsked,
  analysisQuerySchema,
  analysisSearch,
  GRANULARITIES,
  PRESET_LABELS,
  RANGE_PRESETS,
  resolveRange,
  type AnalysisQuery,
} from "~/domain/admin/analysis/range";
import { formatDateGB } from "~/domain/shared/dates";
import { formatPence, vatIncludedPence } from "~/domain/shared/money";
import { readSearchParams } from "~/lib/forms/search-params";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/business-analysis";

export const handle = staffHandle("analysis.view");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Business analysis", description: "Sales, stock and customers over a chosen period." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/business-analysis";

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const asked = analysisAsked(url.searchParams);
  const { query, problem } = readSearchParams(analysisQuerySchema, url.searchParams);
  if (problem) return data({ asked, problem, range: null, figures: null }, { status: 400 });
  const range = resolveRange(query, context.today);
  return { asked, problem, range, figures: context.services.businessAnalysis.all(range, context.today) };
}

const number = (n: number) => n.toLocaleString("en-GB");
const GRANULARITY_WORDS = { day: "By day", week: "By week", month: "By month" } as const;
const field = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";

function Stat({ label, value, change, detail }: { label: string; value: string; change?: number | null; detail?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
      {change !== undefined && (
        <dd className={`mt-1 text-xs ${change === null ? "text-stone-600" : change < 0 ? "text-red-700" : "text-emerald-700"}`}>
          {change === null ? "Nothing to compare in the period before" : `${formatChange(change)} on the period before`}
        </dd>
      )}
      {detail && <dd className="mt-1 text-xs text-stone-600">{detail}</dd>}
    </div>
  );
}

/** The period, read in the browser with the loader's own schema: a backwards period is refused before it is asked for. */
function PeriodForm({ asked }: { asked: Record<keyof AnalysisQuery, string> }) {
  const [form, fields] = useSchemaForm(analysisQuerySchema, { lastResult: undefined, defaultValue: asked });
  const { key: presetKey, ...preset } = getSelectProps(fields.preset);
  const { key: fromKey, ...from } = getInputProps(fields.from, { type: "date" });
  const { key: toKey, ...to } = getInputProps(fields.to, { type: "date" });
  const { key: granularityKey, ...granularity } = getSelectProps(fields.granularity);
  return (
    <Form
      method="get"
      {...getFormProps(form)}
      role="search"
      aria-label="Choose the period"
      className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 sm:items-end"
    >
      <div className="text-sm">
        <label htmlFor={fields.preset.id} className="block font-medium">
          Period
        </label>
        <select key={presetKey} {...preset} className={field}>
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm">
        <label htmlFor={fields.from.id} className="block font-medium">
          From
        </label>
        <input key={fromKey} {...from} className={field} aria-describedby={`dates-hint ${fields.from.errorId}`} />
        <FieldMessage field={fields.from} />
      </div>
      <div className="text-sm">
        <label htmlFor={fields.to.id} className="block font-medium">
          To
        </label>
        <input key={toKey} {...to} className={field} aria-describedby={`dates-hint ${fields.to.errorId}`} />
        <FieldMessage field={fields.to} />
      </div>
      <div className="text-sm">
        <label htmlFor={fields.granularity.id} className="block font-medium">
          Read
        </label>
        <select key={granularityKey} {...granularity} className={field}>
          {GRANULARITIES.map((g) => (
            <option key={g} value={g}>
              {GRANULARITY_WORDS[g]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="rounded-lg bg-stone-900 px-4 py-2 text-sm font-semibold text-white sm:col-span-2 sm:justify-self-start"
      >
        Show
      </button>
      <p id="dates-hint" className="text-xs text-stone-600 sm:col-span-2">
        From and To apply with the period “{PRESET_LABELS.custom}”, up to three years.
      </p>
    </Form>
  );
}

export default function BusinessAnalysis({ loaderData }: Route.ComponentProps) {
  const { asked, problem, range, figures } = loaderData;
  const query = asked as AnalysisQuery;
  const csv = (figure: AnalysisFigure) => `${PATH}.csv${analysisSearch(query, { figure })}`;
  return (
    <div className="min-w-0">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Business analysis</h1>
      <p className="mt-1 text-sm text-stone-600">
        Paid orders by the UK day they were paid, less refunds; cancelled orders, failed payments and wholly refunded orders are
        not counted. VAT is shown apart: 20% in UK prices, the destination's VAT on EU orders under IOSS, none on exports.
      </p>

      <PeriodForm asked={asked} />

      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      {range && figures && <Figures range={range} figures={figures} csv={csv} />}
    </div>
  );
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { figures: object }>;

function Figures({
  range,
  figures: f,
  csv,
}: {
  range: NonNullable<Loaded["range"]>;
  figures: NonNullable<Loaded["figures"]>;
  csv: (figure: AnalysisFigure) => string;
}) {
  const { current, previous } = range;
  const t = f.sales.totals;
  const p = f.sales.previousTotals;
  const period = `${formatDateGB(current.from)} to ${formatDateGB(current.to)}`;
  const before = `${formatDateGB(previous.from)} to ${formatDateGB(previous.to)}`;
  const points = (pick: (b: (typeof f.sales.current)[number]) => number) =>
    f.sales.current.map((b, i) => ({
      label: b.label,
      value: pick(b),
      previous: f.sales.previous[i] ? pick(f.sales.previous[i]) : undefined,
    }));
  const average = (b: { orders: number; revenuePence: number }) => (b.orders > 0 ? Math.round(b.revenuePence / b.orders) : 0);
  const salesColumns = [
    { header: range.granularity === "day" ? "Day" : range.granularity === "week" ? "Week from" : "Month" },
    { header: "Orders", numeric: true },
    { header: "Revenue", numeric: true },
    { header: "VAT", numeric: true },
    { header: "Ex VAT", numeric: true },
    { header: "Average order", numeric: true },
    { header: "Revenue before", numeric: true },
  ];
  const salesRows = f.sales.current.map((b, i) => [
    b.label,
    number(b.orders),
    formatPence(b.revenuePence),
    formatPence(vatIncludedPence(b.revenuePence)),
    formatPence(b.revenuePence - vatIncludedPence(b.revenuePence)),
    formatPence(average(b)),
    f.sales.previous[i] ? formatPence(f.sales.previous[i].revenuePence) : "—",
  ]);
  const breakdown = (key: "genre" | "label" | "format", title: string) => (
    <FigureBlock
      id={`by-${key}`}
      title={`By ${title.toLowerCase()}`}
      summary="Line prices of the units kept, before order discounts and postage."
      csvHref={csv(key)}
      chart={
        <BarListChart
          title={`Revenue by ${title.toLowerCase()}`}
          description={`Revenue and units sold by ${title.toLowerCase()}, ${period}.`}
          items={f[key].map((r) => ({ label: r.name, value: r.revenuePence, note: `${number(r.units)} units` }))}
          format={formatWholePounds}
        />
      }
      columns={[{ header: title }, { header: "Units", numeric: true }, { header: "Revenue", numeric: true }]}
      rows={f[key].map((r) => [r.name, number(r.units), formatPence(r.revenuePence)])}
    />
  );

  return (
    <>
      <p className="mt-6 text-sm text-stone-700">
        <strong>{period}</strong> ({number(current.days)} days), against {before}.
      </p>
      {range.notice && (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {range.notice}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Stat
          label="Revenue"
          value={formatPence(t.revenuePence)}
          change={percentChange(t.revenuePence, p.revenuePence)}
          detail={`VAT ${formatPence(t.vatPence)} · ex VAT ${formatPence(t.exVatPence)}`}
        />
        <Stat label="Orders" value={number(t.orders)} change={percentChange(t.orders, p.orders)} />
        <Stat label="Average order" value={formatPence(t.averagePence)} change={percentChange(t.averagePence, p.averagePence)} />
        <Stat label="Refunded" value={formatPence(t.refundedPence)} detail={`Discounts given ${formatPence(t.discountPence)}`} />
        {f.vatSchemes && (
          <>
            <Stat
              label="Standard-rated sales"
              value={formatPence(f.vatSchemes.standard.revenuePence)}
              detail={`${number(f.vatSchemes.standard.units)} units · VAT ${formatPence(f.vatSchemes.standard.vatPence)}`}
            />
            <Stat
              label="Margin-scheme sales (used)"
              value={formatPence(f.vatSchemes.margin.revenuePence)}
              detail={`${number(f.vatSchemes.margin.units)} copies · VAT on margins ${formatPence(f.vatSchemes.margin.vatPence)}`}
            />
          </>
        )}
      </dl>

      <FigureBlock
        id="revenue"
        title="Revenue"
        summary={`VAT included; the dashed line is the period before (${before}).`}
        csvHref={csv("sales")}
        chart={
          <TimeChart
            title="Revenue"
            description={`Revenue ${range.granularity === "day" ? "by day" : `by ${range.granularity}`}, ${period}, against the period before.`}
            points={points((b) => b.revenuePence)}
            format={formatWholePounds}
          />
        }
        columns={salesColumns}
        rows={salesRows}
      />
      <FigureBlock
        id="orders"
        title="Orders"
        summary="Paid orders; the dashed line is the period before."
        csvHref={csv("sales")}
        chart={
          <TimeChart
            title="Orders"
            description={`Orders by ${range.granularity}, ${period}, against the period before.`}
            points={points((b) => b.orders)}
            format={number}
          />
        }
        columns={salesColumns}
        rows={salesRows}
      />
      <FigureBlock
        id="average-order"
        title="Average order value"
        summary="Revenue ÷ orders; the dashed line is the period before."
        csvHref={csv("sales")}
        chart={
          <TimeChart
            title="Average order value"
            description={`Average order value by ${range.granularity}, ${period}, against the period before.`}
            points={points(average)}
            format={formatWholePounds}
          />
        }
        columns={salesColumns}
        rows={salesRows}
      />

      {breakdown("genre", "Genre")}
      {breakdown("label", "Label")}
      {breakdown("format", "Format")}

      {(["countries", "zones"] as const).map((key) => {
        const rows = f[key] ?? [];
        const word = key === "countries" ? "country" : "zone";
        return (
          <FigureBlock
            key={key}
            id={`by-${word}`}
            title={`Sales by ${word}`}
            summary={`Paid orders by where they were sent${key === "zones" ? " (the delivery zones)" : ""}, revenue less refunds, postage included.`}
            csvHref={csv(key)}
            chart={
              <BarListChart
                title={`Revenue by ${word}`}
                description={`Revenue and orders by destination ${word}, ${period}.`}
                items={rows
                  .slice(0, 10)
                  .map((r) => ({ label: r.name, value: r.revenuePence, note: `${number(r.orders)} orders` }))}
                format={formatWholePounds}
              />
            }
            columns={[
              { header: word === "country" ? "Country" : "Zone" },
              { header: "Orders", numeric: true },
              { header: "Records", numeric: true },
              { header: "Revenue", numeric: true },
            ]}
            rows={rows.map((r) => [r.name, number(r.orders), number(r.records), formatPence(r.revenuePence)])}
            empty="No paid orders in this period."
          />
        );
      })}

      <FigureBlock
        id="top-sellers"
        title="Top sellers"
        summary="The ten records that sold the most units."
        csvHref={csv("top-sellers")}
        chart={
          <BarListChart
            title="Top sellers"
            description={`Units sold of the ten best-selling records, ${period}.`}
            items={f.topSellers.map((r) => ({ label: r.title, value: r.units, note: formatWholePounds(r.revenuePence) }))}
            format={(n) => `${number(n)} sold`}
          />
        }
        columns={[
          { header: "Record" },
          { header: "Artist" },
          { header: "Units", numeric: true },
          { header: "Revenue", numeric: true },
        ]}
        rows={f.topSellers.map((r) => [r.title, r.artist, number(r.units), formatPence(r.revenuePence)])}
      />

      <FigureBlock
        id="sell-through"
        title="Sell-through"
        summary="Units sold ÷ units received (deliveries, restocks, opening stock) in the period, by genre."
        csvHref={csv("sell-through")}
        chart={
          <BarListChart
            title="Sell-through by genre"
            description={`Units sold as a percentage of units received, ${period}.`}
            items={f.sellThrough
              .filter((r) => r.percent !== null)
              .slice(0, 12)
              .map((r) => ({ label: r.genre, value: r.percent ?? 0, note: `${number(r.sold)} of ${number(r.received)}` }))}
            format={(n) => `${n}%`}
          />
        }
        columns={[
          { header: "Genre" },
          { header: "Received", numeric: true },
          { header: "Sold", numeric: true },
          { header: "Sell-through", numeric: true },
        ]}
        rows={f.sellThrough.map((r) => [r.genre, number(r.received), number(r.sold), r.percent === null ? "—" : `${r.percent}%`])}
        empty="Nothing was received or sold in this period."
      />

      <FigureBlock
        id="dead-stock"
        title="Dead stock"
        summary={`${number(f.deadStock.records)} released records (${number(f.deadStock.units)} units) with no sale in 90 days: ${formatPence(f.deadStock.tiedUpPence)} tied up at shelf prices.`}
        csvHref={csv("dead-stock")}
        chart={
          <BarListChart
            title="Dead stock"
            description="Money tied up at shelf prices in the ten records with the most, unsold for 90 days."
            items={f.deadStock.rows
              .slice(0, 10)
              .map((r) => ({ label: r.title, value: r.tiedUpPence, note: `${number(r.stock)} in stock` }))}
            format={formatWholePounds}
          />
        }
        columns={[
          { header: "Record" },
          { header: "Artist" },
          { header: "Stock", numeric: true },
          { header: "Tied up", numeric: true },
        ]}
        rows={f.deadStock.rows.slice(0, 50).map((r) => [r.title, r.artist, number(r.stock), formatPence(r.tiedUpPence)])}
        empty="Every record on the shelf sold in the last 90 days."
      />

      <FigureBlock
        id="pre-orders"
        title="Pre-orders"
        summary="Units pre-ordered for records not yet released, against the stock expected for them."
        csvHref={csv("pre-orders")}
        chart={
          <BarListChart
            title="Pre-order demand"
            description="Units pre-ordered per coming record, with the stock expected."
            items={[...f.preOrders]
              .sort((a, b) => b.ordered - a.ordered)
              .slice(0, 10)
              .map((r) => ({
                label: r.title,
                value: r.ordered,
                note: `${number(r.expected)} expected${r.shortfall ? `, ${number(r.shortfall)} short` : ""}`,
              }))}
            format={(n) => `${number(n)} ordered`}
          />
        }
        columns={[
          { header: "Record" },
          { header: "Release" },
          { header: "Pre-ordered", numeric: true },
          { header: "Expected", numeric: true },
          { header: "Short by", numeric: true },
        ]}
        rows={f.preOrders.map((r) => [
          r.title,
          formatDateGB(r.releaseDate),
          number(r.ordered),
          number(r.expected),
          number(r.shortfall),
        ])}
        empty="No records are waiting for release."
      />

      <FigureBlock
        id="customers"
        title="New and returning customers"
        summary="Orders from customers paying for the first time (bars) and from those who ordered before (dashed line); a customer is an e-mail address."
        csvHref={csv("customers")}
        chart={
          <TimeChart
            title="Orders from new and returning customers"
            description={`Orders from first-time and returning customers by ${range.granularity}, ${period}.`}
            points={f.customers.map((b) => ({ label: b.label, value: b.newOrders, previous: b.returningOrders }))}
            format={number}
            barLabel="New customers"
            previousLabel="Returning"
          />
        }
        columns={[{ header: "Period" }, { header: "New", numeric: true }, { header: "Returning", numeric: true }]}
        rows={f.customers.map((b) => [b.label, number(b.newOrders), number(b.returningOrders)])}
      />

      <FigureBlock
        id="discounts"
        title="Discount codes"
        summary={`${number(f.discounts.reduce((n, d) => n + d.orders, 0))} orders used a code; they cost ${formatPence(f.discounts.reduce((n, d) => n + d.discountPence, 0))} in discounts.`}
        csvHref={csv("discounts")}
        chart={
          <BarListChart
            title="Discount given by code"
            description={`What each discount code took off orders, ${period}.`}
            items={f.discounts
              .slice(0, 10)
              .map((d) => ({ label: d.code, value: d.discountPence, note: `${number(d.orders)} orders` }))}
            format={formatWholePounds}
          />
        }
        columns={[
          { header: "Code" },
          { header: "Off", numeric: true },
          { header: "Orders", numeric: true },
          { header: "Discount", numeric: true },
          { header: "Revenue", numeric: true },
        ]}
        rows={f.discounts.map((d) => [
          d.code,
          d.percentOff === null ? "—" : `${d.percentOff}%`,
          number(d.orders),
          formatPence(d.discountPence),
          formatPence(d.revenuePence),
        ])}
        empty="No discount codes were used in this period."
      />

      <FigureBlock
        id="returns"
        title="Returns"
        summary={`${number(f.returns.refunded)} returns paid back in this period: ${formatPence(f.returns.refundedPence)} (to the card or as store credit).`}
        csvHref={csv("returns")}
        chart={
          <BarListChart
            title="Returns by reason"
            description={`Returns asked for by reason, ${period} (refused ones left out).`}
            items={f.returns.byReason.map((r) => ({ label: r.label, value: r.returns, note: `${number(r.units)} records` }))}
            format={number}
          />
        }
        columns={[{ header: "Reason" }, { header: "Returns", numeric: true }, { header: "Records", numeric: true }]}
        rows={f.returns.byReason.map((r) => [r.label, number(r.returns), number(r.units)])}
        empty="No returns were asked for in this period."
      />

      <section
        id="vouchers"
        aria-labelledby="vouchers-heading"
        className="mt-6 min-w-0 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="vouchers-heading" className="font-display text-xl font-bold">
            Gift vouchers and store credit
          </h2>
          <a
            href={csv("vouchers")}
            download
            className="text-sm font-semibold underline"
            aria-label="Download CSV: Gift vouchers and store credit"
          >
            Download CSV
          </a>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Stat
            label={`Owed on vouchers, ${formatDateGB(f.vouchers.asOf)}`}
            value={formatPence(f.vouchers.outstandingPence)}
            detail={`${number(f.vouchers.outstandingCount)} vouchers still to be spent: a liability`}
          />
          <Stat label="Issued in the period" value={formatPence(f.vouchers.issuedPence)} />
          <Stat label="Spent in the period" value={formatPence(f.vouchers.spentPence)} detail="less what was given back" />
        </dl>
      </section>
    </>
  );
}
