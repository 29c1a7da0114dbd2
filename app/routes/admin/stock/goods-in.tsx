import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { buttonClass, inputClass } from "~/components/admin/stock-parts";
import { MAX_GOODS_IN_LINES, STOCK_PATH, goodsInFormSchema, goodsInSummary } from "~/domain/stock/stock-rules";
import { formAction } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { useHydrated } from "~/lib/use-hydrated";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/goods-in";

export const handle = staffHandle("stock.manage", { action: "stock.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Goods in", description: "Receive a delivery of many records at once." }),
  { name: "robots", content: "noindex" },
];

const PATH = `${STOCK_PATH}/goods-in`;

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { submissionKey: newSubmissionKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  // One delivery note is received once: pressing again, or sending the same form again, adds nothing.
  return formAction(request, {
    "goods-in": submitOnce(context.services, actor).intent(goodsInFormSchema, "goods-in", (delivery) => {
      const result = context.services.adminStock.goodsIn(actor, delivery);
      return { to: PATH, toast: { type: "success", title: "Delivery received", description: goodsInSummary(result) } };
    }),
  });
}

/** With JavaScript: rows of catalogue number and quantity, added as needed, written into the text box. */
function RowsEditor({ onChange }: { onChange: (text: string) => void }) {
  const [rows, setRows] = useState([{ ref: "", qty: "" }]);
  const update = (next: { ref: string; qty: string }[]) => {
    setRows(next);
    onChange(
      next
        .filter((r) => r.ref.trim() || r.qty.trim())
        .map((r) => `${r.ref.trim()}, ${r.qty.trim()}`)
        .join("\n"),
    );
  };
  return (
    <div className="grid gap-2">
      {rows.map((row, i) => (
        <div key={i} className="flex gap-2">
          <input
            aria-label={`Line ${i + 1} catalogue number`}
            value={row.ref}
            placeholder="Catalogue number or #id"
            onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, ref: e.target.value } : r)))}
            className={`${inputClass} flex-1`}
          />
          <input
            aria-label={`Line ${i + 1} quantity`}
            value={row.qty}
            type="number"
            min={1}
            placeholder="Qty"
            onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, qty: e.target.value } : r)))}
            className={`${inputClass} w-24`}
          />
        </div>
      ))}
      {rows.length < MAX_GOODS_IN_LINES && (
        <button
          type="button"
          onClick={() => setRows([...rows, { ref: "", qty: "" }])}
          className="justify-self-start text-sm underline"
        >
          Add a row
        </button>
      )}
    </div>
  );
}

/** The delivery form: one render per submission key, so a received delivery leaves an empty form behind. */
function GoodsInForm({ submissionKey, reply }: { submissionKey: string; reply: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(goodsInFormSchema, { id: "goods-in", lastResult: replyFor(reply, "goods-in") });
  const [text, setText] = useState(String(fields.lines.initialValue ?? ""));
  const { key: _linesKey, defaultValue: _typed, ...lines } = getTextareaProps(fields.lines);
  const { key: noteKey, ...note } = getInputProps(fields.note, { type: "text" });
  // A bad line, in the form or found by the service, is named in the list under one message.
  const badLines = fields.lines.errors ?? [];
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <input type="hidden" name="intent" value="goods-in" />
      <SubmissionKeyField value={submissionKey} />
      {hydrated && <RowsEditor onChange={setText} />}
      <label className="text-sm">
        <span className="block font-medium">Delivery lines</span>
        <span className="block text-stone-600">
          One &ldquo;catalogue number, quantity&rdquo; per line, e.g. <code>BLP 4003, 5</code>; <code>#123, 2</code> names record
          123. At most {MAX_GOODS_IN_LINES} lines.
        </span>
        <textarea
          {...lines}
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={`${inputClass} mt-1 w-full font-mono`}
        />
      </label>
      <label className="text-sm">
        <span className="block font-medium">Note (optional)</span>
        <input key={noteKey} {...note} placeholder="Supplier, delivery note number…" className={`${inputClass} mt-1 w-full`} />
      </label>
      <FormAlert
        id={badLines.length ? fields.lines.errorId : form.errorId}
        message={badLines.length ? "Nothing was received: fix these lines first." : (form.errors?.[0] ?? fields.note.errors?.[0])}
      />
      {badLines.length > 0 && (
        <ul className="list-disc pl-6 text-sm text-red-900">
          {badLines.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <button type="submit" className={buttonClass + " justify-self-start py-2"} disabled={navigation.state === "submitting"}>
        Receive delivery
      </button>
    </Form>
  );
}

export default function GoodsIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to={STOCK_PATH} className="text-stone-600 underline">
          ← Stock
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold">Goods in</h1>
      <p className="mt-2 text-stone-700">
        Receive a delivery of many records at once. Copies of a pre-order go first to its open pre-orders, oldest order first, and
        those orders become ready to pack.
      </p>
      <GoodsInForm key={loaderData.submissionKey} submissionKey={loaderData.submissionKey} reply={actionData} />
    </div>
  );
}
