import { Form, Link, useNavigation } from "react-router";
import { formatPence } from "~/domain/shared/money";
import { formatDateGB } from "~/domain/shared/dates";
import { LAW_WORDS, reasonRules, windowWords } from "~/domain/returns/return-policy-words";
import {
  isShopFault,
  REFUND_METHODS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from "~/domain/returns/return-reasons";
import { MAX_RETURN_NOTE, MAX_RETURN_PHOTOS, orderNumberSchema } from "~/domain/returns/return-schemas";
import { PHOTO_MAX_BYTES } from "~/domain/catalogue/copy-photos";
import { pageMeta } from "~/lib/seo";
import { orNotFound, sendRequest, viewerOf } from "./returns.server";
import type { Route } from "./+types/return-request";

/** The return form of one order: lines and quantities, a reason, the rules in words, optional photos. */
export const meta: Route.MetaFunction = ({ data: d }) => [
  ...(d ? pageMeta({ title: `Return items from ${d.form.orderNumber}`, description: "Send records back to Needledrop." }) : []),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  const order = orderNumberSchema.safeParse(url.searchParams.get("order") ?? "");
  if (!order.success) throw new Response(null, { status: 404 });
  return { form: orNotFound(() => context.services.returns.formFor(order.data, viewerOf(context, request), context.today)) };
}

export const action = ({ context, request }: Route.ActionArgs) => sendRequest(context, request);

const REFUND_WORDS = { original_payment: "To the card I paid with", store_credit: "As store credit" } as const;
/** "Arrived damaged, warped or faulty, wrong record sent or not as described": the reasons that are the shop's fault. */
const FAULT_WORDS = RETURN_REASONS.filter(isShopFault)
  .map((r, i) => (i === 0 ? RETURN_REASON_LABELS[r] : RETURN_REASON_LABELS[r].toLowerCase().replace(/ \(.*\)$/, "")))
  .join(", ")
  .replace(/, ([^,]+)$/, " or $1");

export default function ReturnRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { form } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData && "result" in actionData ? (actionData.result.error ?? {}) : {};
  const message = errors[""]?.[0] ?? Object.values(errors).find((m) => m?.length)?.[0];
  const sent = (actionData && "result" in actionData ? actionData.result.initialValue : null) as Record<string, unknown> | null;
  const sentLines = (sent?.lines ?? []) as { quantity?: string; sealed?: string }[];
  const open = form.problem === null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold">Return items</h1>
      <p className="mt-2 text-stone-700">
        Order <strong className="font-mono text-ink">{form.orderNumber}</strong> · placed on {formatDateGB(form.placedOn)}
      </p>
      {form.returns.length > 0 && (
        <p className="mt-2 text-sm text-stone-700">
          Returns already started:{" "}
          {form.returns.map((r, i) => (
            <span key={r.returnNumber}>
              {i > 0 && ", "}
              <Link to={`/returns/${r.returnNumber}`} className="font-mono font-semibold text-needle-dark underline">
                {r.returnNumber}
              </Link>{" "}
              ({r.statusWords.toLowerCase()})
            </span>
          ))}
        </p>
      )}
      {!open ? (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          {form.problem}
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-8" aria-describedby="return-rules">
          {/* Without JavaScript a refused form comes back at the top of the page: the message is there too. */}
          {message && <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">{message}</p>}
          <input type="hidden" name="orderNumber" value={form.orderNumber} />
          <section
            id="return-rules"
            aria-labelledby="rules-heading"
            className="rounded-lg border border-stone-200 bg-stone-50 p-4"
          >
            <h2 id="rules-heading" className="font-display text-xl font-bold">
              Before you send: the rules
            </h2>
            {form.window && <p className="mt-2 text-stone-800">{windowWords(form.window)}</p>}
            <p className="mt-1 text-sm text-stone-700">{LAW_WORDS}</p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <RulesFor title="If the fault is ours" covers={FAULT_WORDS} reason="faulty" />
              <RulesFor title="If you changed your mind" reason="changed_mind" />
            </div>
          </section>

          <fieldset>
            <legend className="font-display text-xl font-bold">What are you sending back?</legend>
            <ul className="mt-3 divide-y divide-stone-200 border-y border-stone-200">
              {form.lines.map((line, i) => (
                <li key={line.lineId} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
                  <div>
                    <p className="font-semibold">
                      {line.artist} – {line.title}
                    </p>
                    <p className="text-sm text-stone-600">
                      {line.used ? `Used copy, ${line.grades ?? "graded"}` : "New record"} · {formatPence(line.unitPricePence)}{" "}
                      each · bought {line.bought}
                    </p>
                    {line.returnable < line.bought && (
                      <p className="text-sm text-stone-600">
                        {line.returnable === 0 ? "Already returned or refunded." : `${line.returnable} can still be returned.`}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-4">
                    <input type="hidden" name={`lines[${i}].lineId`} value={line.lineId} />
                    <label className="flex items-center gap-2 text-sm">
                      How many
                      <select
                        name={`lines[${i}].quantity`}
                        defaultValue={sentLines[i]?.quantity ?? "0"}
                        disabled={line.returnable === 0}
                        className="rounded-md border border-stone-300 bg-white px-2 py-2 text-base"
                      >
                        {Array.from({ length: line.returnable + 1 }, (_, q) => (
                          <option key={q} value={q}>
                            {q}
                          </option>
                        ))}
                      </select>
                    </label>
                    {!line.used && line.returnable > 0 && (
                      <label className="flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name={`lines[${i}].sealed`}
                          defaultChecked={sentLines[i]?.sealed === "on"}
                          className="size-5 accent-needle"
                        />
                        Still sealed in its shrink-wrap
                      </label>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </fieldset>

          <fieldset>
            <legend className="font-display text-xl font-bold">Why?</legend>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {RETURN_REASONS.map((reason) => (
                <label key={reason} className="flex min-h-11 items-center gap-3 rounded-md border border-stone-300 px-3 py-2">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    required
                    defaultChecked={sent?.reason === reason}
                    className="size-5 accent-needle"
                  />
                  {RETURN_REASON_LABELS[reason]}
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor="return-note" className="block font-display text-xl font-bold">
              Anything to add? <span className="text-base font-normal text-stone-600">(optional)</span>
            </label>
            <textarea
              id="return-note"
              name="note"
              rows={3}
              maxLength={MAX_RETURN_NOTE}
              defaultValue={typeof sent?.note === "string" ? sent.note : ""}
              className="mt-2 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base"
            />
          </div>

          <div>
            <label htmlFor="return-photos" className="block font-display text-xl font-bold">
              Photos <span className="text-base font-normal text-stone-600">(optional)</span>
            </label>
            <p id="return-photos-hint" className="mt-1 text-sm text-stone-700">
              Up to {MAX_RETURN_PHOTOS} photos of the damage or fault: JPEG, PNG or WebP, at most {PHOTO_MAX_BYTES / 1024 / 1024}{" "}
              MB each.
            </p>
            <input
              id="return-photos"
              type="file"
              name="photos"
              multiple
              accept="image/jpeg,image/png,image/webp"
              aria-describedby="return-photos-hint"
              className="mt-2 block w-full text-sm"
            />
          </div>

          <fieldset>
            <legend className="font-display text-xl font-bold">How would you like your money back?</legend>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {REFUND_METHODS.map((method) => (
                <label key={method} className="flex min-h-11 items-center gap-3 rounded-md border border-stone-300 px-3 py-2">
                  <input
                    type="radio"
                    name="refundMethod"
                    value={method}
                    defaultChecked={(sent?.refundMethod ?? "original_payment") === method}
                    className="size-5 accent-needle"
                  />
                  {REFUND_WORDS[method]}
                </label>
              ))}
            </div>
          </fieldset>

          {/* Beside the button, where the shopper is looking after sending. */}
          {message && (
            <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
              {message}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-full bg-ink px-6 py-3 text-base font-semibold text-white hover:bg-needle disabled:opacity-60 sm:w-auto"
          >
            {busy ? "Sending…" : "Send return request"}
          </button>
        </Form>
      )}
    </div>
  );
}

function RulesFor({ title, covers, reason }: { title: string; covers?: string; reason: ReturnReason }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {covers && <p className="text-sm text-stone-700">{covers}</p>}
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-stone-800">
        {reasonRules(reason).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
