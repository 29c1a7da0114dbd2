import { Form, Link, useNavigation } from "react-router";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { gradeLabel, GRADES } from "~/domain/catalogue/grades";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { REFUND_METHOD_LABELS, RETURN_OUTCOME_LABELS } from "~/domain/returns/return-admin";
import { REFUND_METHODS, RETURN_LINE_OUTCOMES } from "~/domain/returns/return-reasons";
import { formatDateGB, formatDateTimeGB, todayInLondon } from "~/domain/shared/dates";
import { formatPence, penceToDecimalString } from "~/domain/shared/money";
import { confirmAskOf } from "~/lib/forms/confirm-step";
import type { FormReply } from "~/lib/forms/form-reply";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/return-detail";
import { found, returnAction, returnNumberOf } from "./return-detail.server";
import { handle as returnHandle } from "./return-permissions";
import { ReturnStatusBadge } from "./return-status-badge";

export const handle = returnHandle;

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: `Return ${params.returnNumber}`, description: "A return in the back office." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, params }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  const returnNumber = returnNumberOf(params);
  const detail = found(() => context.services.adminReturns.get(returnNumber));
  const may = (intent: keyof typeof handle.intents) => staffMay(staff, handle.intents[intent]);
  return {
    detail,
    // Only the steps this person's role allows are offered (the action refuses the others whatever is posted).
    can: { decide: may("approve"), receive: may("receive"), inspect: may("inspect"), refund: may("refund") },
    today: todayInLondon(),
    submissionKey: newSubmissionKey(),
  };
}

export function action({ context, request, params }: Route.ActionArgs) {
  return returnAction(context, request, params);
}

const box = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200";
const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";
const primary = "rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-50";
const secondary = "rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100";

/** The messages of a refused post, whichever form it came from. */
function refusalOf(reply: unknown): string[] {
  const r = reply as Partial<FormReply> | undefined;
  const errors = r?.result?.error;
  if (!errors) return [];
  return Object.values(errors).flatMap((m) => m ?? []);
}

type Detail = Route.ComponentProps["loaderData"]["detail"];

function InspectForm({ line, submissionKey, busy }: { line: Detail["lines"][number]; submissionKey: string; busy: boolean }) {
  const id = (name: string) => `inspect-${line.id}-${name}`;
  return (
    <Form
      method="post"
      className="mt-3 grid gap-3 rounded-lg bg-stone-50 p-3 sm:grid-cols-2"
      aria-label={`Inspect ${line.title}`}
    >
      <input type="hidden" name="intent" value="inspect" />
      <input type="hidden" name="lineId" value={line.id} />
      <SubmissionKeyField value={submissionKey} />
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">
          What happens to {line.quantity === 1 ? "it" : `the ${line.quantity} copies`}
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {RETURN_LINE_OUTCOMES.map((o) => (
            <label key={o} className="flex items-center gap-1.5">
              <input type="radio" name="outcome" value={o} required defaultChecked={o === "restock"} />
              {RETURN_OUTCOME_LABELS[o]}
            </label>
          ))}
        </div>
      </fieldset>
      <GradeSelect id={id("media")} name="mediaGrade" label="Media grade (used stock)" />
      <GradeSelect id={id("sleeve")} name="sleeveGrade" label="Sleeve grade (used stock)" />
      <label className="text-sm font-medium" htmlFor={id("price")}>
        Used copy price (£)
        <input
          id={id("price")}
          name="price"
          inputMode="decimal"
          className={input}
          defaultValue={penceToDecimalString(Math.round(line.unitPricePence * 0.6))}
        />
      </label>
      <label className="text-sm font-medium" htmlFor={id("note")}>
        Note (optional)
        <input id={id("note")} name="note" maxLength={300} className={input} />
      </label>
      <div className="sm:col-span-2">
        <button type="submit" disabled={busy} className={primary}>
          Record inspection
        </button>
      </div>
    </Form>
  );
}

function Lines({
  detail,
  canInspect,
  submissionKey,
  busy,
}: {
  detail: Detail;
  canInspect: boolean;
  submissionKey: string;
  busy: boolean;
}) {
  return (
    <ul className="divide-y divide-stone-100">
      {detail.lines.map((l) => (
        <li key={l.id} className="py-3" data-testid="return-line">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p>
              <span className="font-semibold tabular-nums">{l.quantity} ×</span> <span className="font-semibold">{l.title}</span>{" "}
              — {l.artist}
            </p>
            <span className="text-sm text-stone-600 tabular-nums">{formatPence(l.unitPricePence)} each</span>
          </div>
          {l.outcome ? (
            <p className="mt-1 text-sm text-stone-700">
              {RETURN_OUTCOME_LABELS[l.outcome]}
              {l.outcome === "used" && l.mediaGrade && ` (${l.mediaGrade}/${l.sleeveGrade})`}
              {l.usedCopyId !== null && (
                <>
                  {" · "}
                  <Link to={`/admin/catalog-update/${l.usedCopyId}`} className="underline">
                    used copy #{l.usedCopyId}
                  </Link>
                </>
              )}
              {l.inspectedAt && ` · ${formatDateTimeGB(l.inspectedAt)}`}
            </p>
          ) : detail.status === "received" && canInspect ? (
            <InspectForm key={submissionKey} line={l} submissionKey={submissionKey} busy={busy} />
          ) : detail.status === "received" ? (
            <p className="mt-1 text-sm text-stone-600">Not inspected yet.</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function ReturnDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { detail: d, can, today, submissionKey } = loaderData;
  const busy = useNavigation().state !== "idle";
  const ask = confirmAskOf(actionData);
  const problems = refusalOf(actionData);
  const labelLink = `/admin/returns/${d.returnNumber}/label`;
  const labelReady = d.status !== "requested" && d.status !== "refused";
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/returns" className="underline">
          Returns
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-3xl font-bold">{d.returnNumber}</h1>
        <ReturnStatusBadge status={d.status} label={d.statusLabel} />
        {d.late && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Refund late</span>}
      </div>
      <p className="mt-1 text-stone-700">
        Order{" "}
        <Link to={`/admin/order-management/${d.orderNumber}`} className="font-mono font-semibold underline">
          {d.orderNumber}
        </Link>{" "}
        · {d.name} · <span className="break-all">{d.email}</span>
      </p>
      {ask ? <ConfirmStep ask={ask} /> : null}
      {problems.length > 0 && (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="lines-heading" className={box}>
            <h2 id="lines-heading" className="font-display text-xl font-bold">
              Records coming back
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              Reason: <span className="font-semibold">{d.reasonLabel}</span> · asked {formatDateTimeGB(d.createdAt)}
            </p>
            {d.note && (
              <blockquote className="mt-2 border-l-4 border-stone-300 pl-3 text-sm whitespace-pre-line text-stone-800">
                {d.note}
              </blockquote>
            )}
            <Lines detail={d} canInspect={can.inspect} submissionKey={submissionKey} busy={busy} />
            {d.photos.length > 0 && (
              <div className="mt-3">
                <h3 className="text-sm font-semibold">Photos from the customer</h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {d.photos.map((p, i) => (
                    <li key={p.id}>
                      <a href={`/admin/returns/${d.returnNumber}/photos/${p.id}`} target="_blank" rel="noreferrer">
                        <img
                          src={`/admin/returns/${d.returnNumber}/photos/${p.id}`}
                          alt={`Photo ${i + 1} of ${d.photos.length} from the customer`}
                          width={p.width ?? undefined}
                          height={p.height ?? undefined}
                          className="h-24 w-24 rounded-lg object-cover ring-1 ring-stone-200"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>

          {d.moves.decide && can.decide && (
            <section aria-labelledby="decide-heading" className={box}>
              <h2 id="decide-heading" className="font-display text-xl font-bold">
                Decide
              </h2>
              <p className="mt-1 text-sm text-stone-700">
                {d.postage === "prepaid_label"
                  ? "The fault is the shop's: the customer gets a prepaid Royal Mail Tracked Returns label."
                  : d.postage === "shop_owes"
                    ? "The fault is the shop's, but no prepaid label is set up: the customer sends it and the postage is repaid apart."
                    : "A change of mind: the customer pays the return postage."}
              </p>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="approve" />
                <SubmissionKeyField value={submissionKey} />
                <button type="submit" disabled={busy} className={primary}>
                  Approve and send instructions
                </button>
              </Form>
              <Form method="post" className="mt-4 grid gap-2" key={submissionKey}>
                <input type="hidden" name="intent" value="refuse" />
                <SubmissionKeyField value={submissionKey} />
                <label className="text-sm font-medium" htmlFor="refuse-reason">
                  Or refuse it, saying why (mailed to the customer)
                  <textarea id="refuse-reason" name="reason" required minLength={3} maxLength={500} rows={2} className={input} />
                </label>
                <div>
                  <button type="submit" disabled={busy} className={secondary}>
                    Refuse the return
                  </button>
                </div>
              </Form>
            </section>
          )}

          {d.moves.receive && can.receive && (
            <section aria-labelledby="receive-heading" className={box}>
              <h2 id="receive-heading" className="font-display text-xl font-bold">
                Parcel arrived?
              </h2>
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" key={submissionKey}>
                <input type="hidden" name="intent" value="receive" />
                <SubmissionKeyField value={submissionKey} />
                <label className="text-sm font-medium" htmlFor="received-on">
                  Received on
                  <input
                    id="received-on"
                    type="date"
                    name="receivedOn"
                    required
                    max={today}
                    defaultValue={today}
                    className={input}
                  />
                </label>
                <button type="submit" disabled={busy} className={primary}>
                  Mark received
                </button>
              </Form>
              <p className="mt-2 text-sm text-stone-600">The money must go back within 14 days of this day.</p>
            </section>
          )}
        </div>

        <div className="grid content-start gap-6">
          <section aria-labelledby="money-heading" className={box}>
            <h2 id="money-heading" className="font-display text-xl font-bold">
              Refund
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Customer chose</dt>
              <dd>{REFUND_METHOD_LABELS[d.refundMethod]}</dd>
              <dt className="text-stone-600">Received</dt>
              <dd>{d.receivedOn ? formatDateGB(d.receivedOn) : "Not yet"}</dd>
              <dt className="text-stone-600">Refund by</dt>
              <dd className={d.late ? "font-semibold text-red-800" : ""}>
                {d.refundBy ? formatDateGB(d.refundBy) : "14 days after it arrives"}
              </dd>
              {d.status === "refunded" && (
                <>
                  <dt className="text-stone-600">Refunded</dt>
                  <dd>
                    {formatPence(d.refundedPence)} · {d.refundedAt ? formatDateTimeGB(d.refundedAt) : ""}
                  </dd>
                </>
              )}
            </dl>
            {d.refund && (
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm" data-testid="refund-words">
                {d.refund.words.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            )}
            {d.refundProblem && <p className="mt-3 text-sm text-red-800">{d.refundProblem}</p>}
            {d.status === "refused" && d.refusalReason && <p className="mt-3 text-sm">Refused: {d.refusalReason}</p>}
            {d.moves.refund && can.refund && !ask && (
              <Form method="post" className="mt-4 grid gap-2">
                <input type="hidden" name="intent" value="refund" />
                <SubmissionKeyField value={submissionKey} />
                <fieldset>
                  <legend className="text-sm font-medium">Pay it back</legend>
                  {REFUND_METHODS.map((m) => (
                    <label key={m} className="mt-1 flex items-center gap-2 text-sm">
                      <input type="radio" name="method" value={m} defaultChecked={m === d.refundMethod} />
                      {REFUND_METHOD_LABELS[m]}
                    </label>
                  ))}
                </fieldset>
                <div>
                  <button type="submit" disabled={busy} className={primary}>
                    Review refund…
                  </button>
                </div>
              </Form>
            )}
            {d.status === "received" && !d.moves.refund && !d.refundProblem && (
              <p className="mt-3 text-sm text-stone-600">Inspect every line, then the refund can be made.</p>
            )}
          </section>

          {labelReady && (
            <section aria-labelledby="label-heading" className={box}>
              <h2 id="label-heading" className="font-display text-xl font-bold">
                Return label
              </h2>
              <p className="mt-1 text-sm text-stone-700">
                {d.labelReference ? `Prepaid: Royal Mail Tracked Returns ${d.labelReference}.` : "The customer pays the postage."}
              </p>
              <p className="mt-2 flex flex-wrap gap-3 text-sm font-semibold">
                <Link to={labelLink} className="underline">
                  Print on A4
                </Link>
                <Link to={`${labelLink}?paper=label`} className="underline">
                  Print a 6 × 4 inch label
                </Link>
              </p>
            </section>
          )}

          <section aria-labelledby="history-heading" className={box}>
            <h2 id="history-heading" className="font-display text-xl font-bold">
              History
            </h2>
            {d.history.length === 0 ? (
              <p className="mt-1 text-sm text-stone-600">Nothing done yet.</p>
            ) : (
              <ol className="mt-2 space-y-1 text-sm">
                {d.history.map((h) => (
                  <li key={h.id}>
                    <span className="font-semibold">{h.action}</span> by {h.actorName} · {formatDateTimeGB(h.createdAt)}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** A Goldmine grade for a copy going into used stock; none chosen unless the line goes there. */
function GradeSelect({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <label className="text-sm font-medium" htmlFor={id}>
      {label}
      <select id={id} name={name} className={input} defaultValue="">
        <option value="">—</option>
        {GRADES.map((g) => (
          <option key={g} value={g}>
            {gradeLabel(g)}
          </option>
        ))}
      </select>
    </label>
  );
}
