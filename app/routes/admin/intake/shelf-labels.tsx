import { data, Link } from "react-router";
import { ShelfLabel, type LabelCopy } from "~/components/admin/intake/shelf-label";
import { PrintButton } from "~/components/print-button";
import { INTAKE_PATH, labelsQuerySchema } from "~/domain/intake/intake-schemas";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/shelf-labels";

export const handle = staffHandle("catalogue.edit");

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Shelf labels", description: "Print shelf labels for used copies." }),
  { name: "robots", content: "noindex" },
];

/** Labels to a sheet of A4: two across, four down (99 × 67 mm label stock). */
const PER_SHEET = 8;

export function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const parsed = labelsQuerySchema.safeParse({
    paper: url.searchParams.get("paper") ?? undefined,
    copies: url.searchParams.get("copies") ?? undefined,
    today: url.searchParams.get("today") ?? undefined,
  });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Nothing to print", { status: 400 });
  const { paper, copies, today } = parsed.data;
  if (!today && copies.length === 0) throw data("Name the copies to print labels for.", { status: 400 });
  const { intake, links } = context.services;
  const found = today ? intake.listedToday(actor) : intake.copies(copies);
  const labels: LabelCopy[] = found.map((c) => ({ ...c, qrText: links.page(`/admin/catalog-update/${c.id}`) }));
  return { paper, labels };
}

// A 6 × 4 inch label per copy (the shipping labels' printer), or A4 sheets of eight. Each page is its own sheet.
const PAPER = "@media print { html, body { background: white !important; } }";
const PAGE_CSS = {
  label:
    PAPER +
    "@page { size: 6in 4in; margin: 0; } @media print { .sheet { width: 6in; height: 4in; break-after: page; box-shadow: none !important; } .sheet:last-child { break-after: auto; } }",
  a4:
    PAPER +
    "@page { size: A4; margin: 10mm 7mm; } @media print { .sheet { break-after: page; box-shadow: none !important; } .sheet:last-child { break-after: auto; } }",
} as const;

const chunks = <T,>(items: T[], n: number) =>
  Array.from({ length: Math.ceil(items.length / n) }, (_, i) => items.slice(i * n, i * n + n));

export default function ShelfLabels({ loaderData }: Route.ComponentProps) {
  const { paper, labels } = loaderData;
  return (
    <div>
      <style>{PAGE_CSS[paper]}</style>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="font-display text-3xl font-bold">Shelf labels</h1>
        <span className="text-sm text-stone-600">
          {labels.length} {labels.length === 1 ? "copy" : "copies"} · {paper === "a4" ? "A4 sheets of 8" : "6 × 4 inch labels"}
        </span>
        <span className="flex-1" />
        <PrintButton />
        <Link to={INTAKE_PATH} className="text-sm font-semibold underline">
          Back to intake
        </Link>
      </div>
      {labels.length === 0 ? (
        <p className="text-stone-600">None of those copies was found.</p>
      ) : paper === "label" ? (
        labels.map((c) => (
          <div
            key={c.id}
            className="sheet mb-6 aspect-[3/2] w-full max-w-[36rem] bg-white shadow-sm ring-1 ring-stone-300 print:mb-0 print:max-w-none print:ring-0"
          >
            <ShelfLabel copy={c} size="label" />
          </div>
        ))
      ) : (
        chunks(labels, PER_SHEET).map((sheet, i) => (
          <div
            key={i}
            className="sheet mb-6 grid w-full max-w-[196mm] grid-cols-2 gap-[2mm] bg-white p-2 shadow-sm ring-1 ring-stone-300 print:mb-0 print:p-0 print:ring-0"
          >
            {sheet.map((c) => (
              <div key={c.id} className="h-[67mm] ring-1 ring-stone-300">
                <ShelfLabel copy={c} size="cell" />
              </div>
            ))}
          </div>
        ))
      )}
    </div>
  );
}
