/**
 * The order page's refund, in two steps: choose (lines, shipping, an amount instead, a reason, back in stock or
 * not), then review exactly what will happen and confirm. Both are plain forms posting the same fields, so the
 * review is a page the server renders too: intent "review" answers it, "refund" does it, "choose" goes back.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { backButton, confirmButton, ConfirmPanel } from "~/components/admin/confirm-panel";
import { FieldMessage, FormAlert } from "~/components/admin/form-field";
import { REFUND_REASONS, refundFormSchema } from "~/domain/orders/order-admin";
import type { RefundReview } from "~/domain/orders/refunds";
import { formatPence } from "~/domain/shared/money";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import type { Route } from "./+types/order-detail";
import { UsedCopyLine } from "~/components/admin/used-copy-line";

type Order = Route.ComponentProps["loaderData"]["order"];

/** The review step's answer: what the refund will do, and the form as it was filled in. */
export interface RefundReviewAnswer {
  intent: "review";
  result: SubmissionResult<string[]>;
  review: RefundReview;
}

export const isReview = (answer: unknown): answer is RefundReviewAnswer =>
  typeof answer === "object" && answer !== null && "review" in answer;

const box = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200";
const input = "mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm";
const primary = "rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-50";

export function RefundForm({ order, busy, reply }: { order: Order; busy: boolean; reply: FormReply | undefined }) {
  const open = order.lines.filter((l) => l.quantity > l.refundedQuantity);
  const unsent = order.fulfilment.trackingNumber === null && order.status !== "delivered";
  const [form, fields] = useSchemaForm(refundFormSchema, {
    id: "refund",
    // A refusal of either step, or "Back" from the review, fills the form in again as it was.
    lastResult: replyFor(reply, "refund") ?? replyFor(reply, "review"),
    defaultValue: {
      expectedRefundedPence: String(order.refundedPence),
      lines: open.map((l) => ({ lineId: String(l.id), quantity: "0" })),
      // Units that never left the shop go back on the shelf; sent ones come back through returns.
      restock: unsent ? "on" : undefined,
    },
  });
  const lines = fields.lines.getFieldList();
  const { key: amountKey, ...amount } = getInputProps(fields.amount, { type: "text" });
  const { key: choiceKey, ...choice } = getSelectProps(fields.reasonChoice);
  const { key: otherKey, ...other } = getInputProps(fields.reasonOther, { type: "text" });
  const { key: shippingKey, ...shipping } = getInputProps(fields.shipping, { type: "checkbox" });
  const { key: restockKey, ...restock } = getInputProps(fields.restock, { type: "checkbox" });
  return (
    <section aria-labelledby="refund-heading" className={box}>
      <h2 id="refund-heading" className="font-display text-xl font-bold">
        Refund
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Up to {formatPence(order.refundablePence)} can still be refunded. You will see what happens before anything is paid.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <input type="hidden" name={fields.expectedRefundedPence.name} value={order.refundedPence} />
        {open.length > 0 && (
          <fieldset className="grid gap-2 text-sm">
            <legend className="font-medium">Records to refund</legend>
            <ul className="grid gap-2">
              {open.map((l, i) => {
                const line = lines[i]?.getFieldset();
                if (!line) return null;
                const { key, ...quantity } = getInputProps(line.quantity, { type: "number" });
                return (
                  <li key={l.id} className="flex items-center justify-between gap-2">
                    <input type="hidden" name={line.lineId.name} value={l.id} />
                    <label htmlFor={line.quantity.id} className="min-w-0">
                      {l.artist} – {l.title}
                      <UsedCopyLine copy={l.copy} compact />
                      <span className="block text-xs text-stone-600">
                        {l.quantity - l.refundedQuantity} refundable at {formatPence(l.unitPricePence)}
                      </span>
                    </label>
                    <input
                      key={key}
                      {...quantity}
                      min={0}
                      max={l.quantity - l.refundedQuantity}
                      aria-label={`Copies of ${l.title} to refund`}
                      className="w-20 rounded-lg border border-stone-300 px-2 py-1 text-right"
                    />
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <FieldMessage field={fields.lines} />
        <label className="flex items-center gap-2 text-sm">
          <input key={shippingKey} {...shipping} /> Refund the shipping ({formatPence(order.totals.shippingPence)})
        </label>
        <label className="text-sm font-medium">
          A different amount instead (£, optional)
          <input key={amountKey} {...amount} inputMode="decimal" placeholder="12.50" className={input} />
        </label>
        <FieldMessage field={fields.amount} />
        <div className="text-sm font-medium">
          <label htmlFor={choice.id}>Reason</label>
          <select key={choiceKey} {...choice} className={input}>
            <option value="">Choose a reason…</option>
            {Object.entries(REFUND_REASONS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <FieldMessage field={fields.reasonChoice} />
        <label className="text-sm font-medium">
          Other reason (when "Other" is chosen)
          <input key={otherKey} {...other} className={input} />
        </label>
        <FieldMessage field={fields.reasonOther} />
        <label className="flex items-center gap-2 text-sm">
          <input key={restockKey} {...restock} /> Put the items back in stock
        </label>
        <button type="submit" name="intent" value="review" disabled={busy} className={`${primary} justify-self-start`}>
          Review refund
        </button>
      </Form>
    </section>
  );
}

/** The form's fields as flat names (`lines[0].quantity`), for the review to post them again unchanged. */
function flatFields(value: unknown, prefix = ""): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flatFields(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => (k === "intent" ? [] : flatFields(v, prefix ? `${prefix}.${k}` : k)));
  }
  return typeof value === "string" ? [[prefix, value]] : [];
}

export function RefundReviewPanel({ order, busy, answer }: { order: Order; busy: boolean; answer: RefundReviewAnswer }) {
  const { review } = answer;
  const back = review.lines.filter((l) => l.restock);
  return (
    <ConfirmPanel id="refund-review-heading" title={`Refund ${formatPence(review.amountPence)} on order ${order.orderNumber}?`}>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {review.lines.map((l) => (
          <div key={l.lineId} className="contents">
            <dt>
              {l.quantity} × {l.title} <span className="text-stone-600">– {l.artist}</span>
            </dt>
            <dd className="text-right tabular-nums">{formatPence(l.amountPence)}</dd>
          </div>
        ))}
        <dt>Shipping</dt>
        <dd className="text-right tabular-nums">
          {review.shippingPence > 0 ? formatPence(review.shippingPence) : "not refunded"}
        </dd>
        <dt className="font-semibold">Total refund</dt>
        <dd className="text-right font-semibold tabular-nums">{formatPence(review.amountPence)}</dd>
        <dt className="text-stone-600">VAT included</dt>
        <dd className="text-right text-stone-600 tabular-nums">{formatPence(review.vatPence)}</dd>
        <dt>Reason</dt>
        <dd className="text-right">{review.reason}</dd>
        <dt>Back in stock</dt>
        <dd className="text-right">{back.length ? back.map((l) => `${l.quantity} × ${l.title}`).join(", ") : "nothing"}</dd>
      </dl>
      <p className="mt-3 text-sm">
        The money goes back to the customer's card{review.full ? " and the order is refunded in full" : ""}; they are emailed.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        {flatFields(answer.result.initialValue).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value="refund" disabled={busy} className={confirmButton}>
          Refund {formatPence(review.amountPence)}
        </button>
        <button type="submit" name="intent" value="choose" disabled={busy} className={backButton}>
          Back
        </button>
      </Form>
    </ConfirmPanel>
  );
}
