import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { PurchaseRows } from "~/components/admin/purchase-rows";
import { PurchaseSellerFields } from "~/components/admin/purchase-seller-fields";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { purchaseRowCount, stockPurchaseSchema } from "~/domain/vat/stock-purchase-schema";
import { todayInLondon } from "~/domain/shared/dates";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/purchase-new";

export const handle = staffHandle("stock.manage", { action: "stock.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Buy a collection", description: "Record used records bought from the public." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { submissionKey: newSubmissionKey(), rows: purchaseRowCount(url.searchParams.get("rows")), today: todayInLondon() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  // One render of the form buys the collection once, however often it is sent.
  return formAction(request, {
    buy: submitOnce(context.services, actor).intent(stockPurchaseSchema, "collection bought", (purchase) => {
      const { purchase: made, copies } = context.services.stockPurchases.buy(actor, purchase);
      const description = `${copies.length} ${copies.length === 1 ? "copy is" : "copies are"} on sale. Print the record for the seller to sign.`;
      return { to: `/admin/purchases/${made.reference}`, toast: { type: "success", title: "Collection bought", description } };
    }),
  });
}

export default function PurchaseNew({ loaderData, actionData }: Route.ComponentProps) {
  const { submissionKey, rows, today } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(stockPurchaseSchema, {
    id: "purchase",
    lastResult: replyFor(actionData, "buy"),
    defaultValue: { boughtAt: today, vatScheme: "margin" },
  });
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/purchases" className="text-stone-600 underline">
          ← Purchases
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold">Buy a collection</h1>
      <p className="mt-2 text-stone-700">
        Records bought from the public are sold under the VAT margin scheme: the shop pays VAT on its margin only. Each copy goes
        on sale at once, and the purchase record prints for the seller to sign.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-6">
        <input type="hidden" name="intent" value="buy" />
        <SubmissionKeyField value={submissionKey} />
        <FormAlert id={form.errorId} message={form.errors?.[0] ?? fields.rows.errors?.[0]} />
        <PurchaseSellerFields fields={fields} />
        <PurchaseRows count={rows} form={form} />
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className="rounded-full bg-ink px-6 py-2.5 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
          >
            Buy and list these copies
          </button>
        </div>
      </Form>
    </div>
  );
}
