import { data, Link } from "react-router";
import { formatDateTimeGB } from "~/domain/shared/dates";
import { NotFoundError } from "~/domain/shared/errors";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/drop-detail";

export const handle = staffHandle("orders.view");

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d ? `Drop: ${d.drop.title}` : "Drop", description: "A drop's queue, ballot and holds." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const id = Number(params.recordId);
  if (!/^\d{1,15}$/.test(params.recordId) || !Number.isSafeInteger(id)) throw data(null, { status: 404 });
  try {
    return context.services.drops.report(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

const STATUS_WORDS = { waiting: "Waiting", admitted: "Holding", bought: "Bought", expired: "Hold ended" } as const;
const PHASE_WORDS = { closed: "Waiting room not open yet", waiting: "Waiting room open", "on-sale": "On sale" } as const;

function Figure({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-3">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

export default function DropDetail({ loaderData }: Route.ComponentProps) {
  const { drop, phase, ballot, counts, entrants, copiesLeft, heldCopies, first } = loaderData;
  return (
    <div className="space-y-5">
      <p>
        <Link className="text-sm underline" to="/admin/drops">
          All drops
        </Link>
      </p>
      <h1 className="font-display text-2xl font-bold">
        {drop.artist} – {drop.title}
      </h1>
      <p className="text-stone-700">
        On sale {formatDateTimeGB(drop.onSaleAt)} · {PHASE_WORDS[phase]} · limit {drop.limitPerCustomer ?? 1} per customer
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure term="Entrants" value={entrants} />
        <Figure term="Waiting" value={counts.waiting} />
        <Figure term="Holding" value={counts.admitted} />
        <Figure term="Bought" value={counts.bought} />
        <Figure term="Hold ended" value={counts.expired} />
        <Figure term="Copies left" value={`${copiesLeft} (${heldCopies} held)`} />
      </dl>
      <section className="rounded-lg border border-stone-200 bg-white p-4">
        <h2 className="font-semibold">Ballot</h2>
        {ballot ? (
          <p className="mt-1 text-sm">
            Drawn {formatDateTimeGB(ballot.drawnAt)} among {ballot.entrants} entrants. Seed{" "}
            <code className="break-all">{ballot.seed}</code>: the entrants taken in order of arrival and shuffled with this seed
            give the order below.
          </p>
        ) : (
          <p className="mt-1 text-sm">Not drawn yet: it is drawn once, at the on-sale time.</p>
        )}
      </section>
      <section>
        <h2 className="mb-2 font-semibold">First places</h2>
        {first.length === 0 ? (
          <p className="text-sm text-stone-700">Nobody in the queue yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-stone-600">
                <tr>
                  <th className="px-3 py-2">Place</th>
                  <th className="px-3 py-2">Joined</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">Hold ends</th>
                </tr>
              </thead>
              <tbody>
                {first.map((e, i) => (
                  <tr key={e.id} className="border-t border-stone-200">
                    {/* The list is in queue order from the first place: a latecomer's place is its row's. */}
                    <td className="px-3 py-2">
                      {e.ballotPosition ?? (e.inBallot ? "In the ballot" : `${i + 1} (came after the on-sale time)`)}
                    </td>
                    <td className="px-3 py-2">{formatDateTimeGB(e.joinedAt)}</td>
                    <td className="px-3 py-2">{STATUS_WORDS[e.status]}</td>
                    <td className="px-3 py-2">{e.status === "admitted" ? formatDateTimeGB(e.holdExpiresAt) : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
