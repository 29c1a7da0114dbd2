import { Link } from "react-router";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { RETURN_NUMBER_PATTERN } from "~/domain/returns/return-schemas";
import { pageMeta } from "~/lib/seo";
import { orNotFound, viewerOf } from "./returns.server";
import type { Route } from "./+types/return-page";

/** One return as its shopper sees it: number, status, what is coming back and what happens next. */
export const meta: Route.MetaFunction = ({ data: d }) => [
  ...(d ? pageMeta({ title: `Return ${d.ret.returnNumber}`, description: "Your Needledrop return." }) : []),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params }: Route.LoaderArgs) {
  if (!RETURN_NUMBER_PATTERN.test(params.returnNumber)) throw new Response(null, { status: 404 });
  return { ret: orNotFound(() => context.services.returns.view(params.returnNumber, viewerOf(context, request))) };
}

export default function ReturnPage({ loaderData }: Route.ComponentProps) {
  const { ret } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold">
        Return <span className="font-mono">{ret.returnNumber}</span>
      </h1>
      <p className="mt-2 text-stone-700">
        From order <strong className="font-mono text-ink">{ret.orderNumber}</strong> · asked on {formatDateTimeGB(ret.createdAt)}
      </p>
      <p className="mt-4">
        <span className="rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-ink">{ret.statusWords}</span>
      </p>
      <section aria-labelledby="next-heading" className="mt-6 rounded-lg border border-stone-200 bg-stone-50 p-4">
        <h2 id="next-heading" className="font-display text-xl font-bold">
          What happens next
        </h2>
        <p className="mt-2 text-stone-800">{ret.next}</p>
        {ret.refusalReason && <p className="mt-2 text-stone-800">Why: {ret.refusalReason}</p>}
      </section>
      <h2 className="mt-8 font-display text-xl font-bold">Coming back</h2>
      <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
        {ret.lines.map((l, i) => (
          <li key={i} className="py-2">
            {l.quantity} × {l.artist} – {l.title}
            <span className="text-sm text-stone-600">{l.used ? " · used copy" : l.sealed ? " · sealed" : " · opened"}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Reason</dt>
        <dd>{ret.reasonWords}</dd>
        <dt className="font-semibold">Money back</dt>
        <dd>{ret.refundMethod === "store_credit" ? "As store credit" : "To the card you paid with"}</dd>
        {ret.note && (
          <>
            <dt className="font-semibold">Your note</dt>
            <dd className="whitespace-pre-line">{ret.note}</dd>
          </>
        )}
        {ret.photoCount > 0 && (
          <>
            <dt className="font-semibold">Photos</dt>
            <dd>{ret.photoCount}</dd>
          </>
        )}
      </dl>
      <p className="mt-8 text-sm">
        <Link to="/profile#orders" className="text-needle-dark underline underline-offset-2">
          Your orders
        </Link>{" "}
        ·{" "}
        <Link to="/returns" className="text-needle-dark underline underline-offset-2">
          Returns
        </Link>
      </p>
    </div>
  );
}
