import { data } from "react-router";
import { PrintButton } from "~/components/print-button";
import { ReturnLabelSheet } from "~/components/returns/return-label-sheet";
import { returnNumberParamsSchema } from "~/domain/returns/return-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/return-label";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Your return label", description: "Print the label for your Needledrop return." }),
  { name: "robots", content: "noindex" },
];

/** The shopper's return label, opened from the approved mail's signed link (server/services/return-label-link.ts). */
export function loader({ context, params, url }: Route.LoaderArgs) {
  const parsed = returnNumberParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Return label not found.", { status: 404 });
  try {
    const label = context.services.adminReturns.labelBySignature(parsed.data.returnNumber, url.searchParams.get("sig"));
    return { label, paper: url.searchParams.get("paper") === "label" ? ("label" as const) : ("a4" as const) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data("Return label not found.", { status: 404 });
    throw error;
  }
}

export default function ShopperReturnLabel({ loaderData }: Route.ComponentProps) {
  const { label, paper } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="font-display text-3xl font-bold">Your return label</h1>
        <span className="flex-1" />
        <PrintButton />
      </div>
      <p className="mb-4 text-sm text-stone-700 print:hidden">
        Print this page and tape the label to your parcel. The return number {label.returnNumber} is how we match the parcel to
        your return.
      </p>
      <ReturnLabelSheet label={label} paper={paper} />
    </div>
  );
}
