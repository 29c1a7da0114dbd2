import { useState } from "react";
import { Form, useNavigation, Link } from "react-router";
import { FormAlert, buttonClass, inputClass } from "~/components/admin/stock-parts";
import { MAX_GOODS_IN_LINES, MAX_NOTE_LENGTH, STOCK_PATH, goodsInSummary, parseGoodsInText } from "~/domain/stock/stock-rules";
import { stockChange, stockFormError } from "~/lib/admin-stock.server";
import { requireAdmin } from "~/lib/guards.server";
import { useHydrated } from "~/lib/use-hydrated";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/goods-in";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Goods in", description: "Receive a delivery of many records at once." }),
  { name: "robots", content: "noindex" },
];

const PATH = `${STOCK_PATH}/goods-in`;
/** Longest delivery text accepted: 200 lines of a generous length. */
const MAX_TEXT = 20_000;

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const form = await request.formData();
  const about = { intent: "goods-in" };
  if (form.get("intent") !== "goods-in") return stockFormError("Unknown action.", about);
  const text = String(form.get("lines") ?? "");
  if (text.length > MAX_TEXT) return stockFormError(`A delivery has at most ${MAX_GOODS_IN_LINES} lines.`, about);
  const { lines, errors } = parseGoodsInText(text);
  if (errors.length) return stockFormError("Nothing was received: fix these lines first.", { ...about, text }, errors);
  const note = String(form.get("note") ?? "");
  return stockChange(
    PATH,
    () => {
      const result = context.services.adminStock.goodsIn(user, { lines, note });
      return { title: "Delivery received", description: goodsInSummary(result) };
    },
    { ...about, text },
  );
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

export default function GoodsIn({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [text, setText] = useState(actionData?.text ?? "");
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
      <Form method="post" className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <input type="hidden" name="intent" value="goods-in" />
        {hydrated && <RowsEditor onChange={setText} />}
        <label className="text-sm">
          <span className="block font-medium">Delivery lines</span>
          <span className="block text-stone-600">
            One &ldquo;catalogue number, quantity&rdquo; per line, e.g. <code>BLP 4003, 5</code>; <code>#123, 2</code> names
            record 123. At most {MAX_GOODS_IN_LINES} lines.
          </span>
          <textarea
            name="lines"
            required
            rows={8}
            maxLength={MAX_TEXT}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={`${inputClass} mt-1 w-full font-mono`}
          />
        </label>
        <label className="text-sm">
          <span className="block font-medium">Note (optional)</span>
          <input
            name="note"
            maxLength={MAX_NOTE_LENGTH}
            placeholder="Supplier, delivery note number…"
            className={`${inputClass} mt-1 w-full`}
          />
        </label>
        <FormAlert message={actionData?.errors?.length ? "Nothing was received: fix these lines first." : actionData?.error} />
        {actionData?.errors && actionData.errors.length > 0 && (
          <ul className="list-disc pl-6 text-sm text-red-900">
            {actionData.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
        <button type="submit" className={buttonClass + " justify-self-start py-2"} disabled={navigation.state === "submitting"}>
          Receive delivery
        </button>
      </Form>
    </div>
  );
}
