import { data, Link } from "react-router";
import { PrintButton } from "~/components/print-button";
import { ReturnLabelSheet } from "~/components/returns/return-label-sheet";
import { returnNumberParamsSchema } from "~/domain/returns/return-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/return-label";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: `Return label ${params.returnNumber}`, description: "A printable return label." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const parsed = returnNumberParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Return not found.", { status: 404 });
  try {
    const label = context.services.adminReturns.label(parsed.data.returnNumber);
    return { label, paper: url.searchParams.get("paper") === "label" ? ("label" as const) : ("a4" as const) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}

export default function ReturnLabelPage({ loaderData }: Route.ComponentProps) {
  const { label, paper } = loaderData;
  const base = `/admin/returns/${label.returnNumber}/label`;
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="font-display text-3xl font-bold">Return label</h1>
        <span className="text-sm text-stone-600">{paper === "label" ? "6 × 4 inch label" : "A4"}</span>
        <Link to={paper === "label" ? base : `${base}?paper=label`} className="text-sm font-semibold underline">
          {paper === "label" ? "A4 instead" : "6 × 4 inch label instead"}
        </Link>
        <span className="flex-1" />
        <PrintButton />
        <Link to={`/admin/returns/${label.returnNumber}`} className="text-sm font-semibold underline">
          Back to the return
        </Link>
      </div>
      <ReturnLabelSheet label={label} paper={paper} />
    </div>
  );
}
