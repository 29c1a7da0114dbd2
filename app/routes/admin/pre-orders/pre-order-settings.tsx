import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-field";
import {
  CHARGED_WHEN_SHIPS,
  DECLINED_HOLD_HOURS,
  PRE_ORDER_CHARGE_WORDS,
  PRE_ORDER_CHARGES,
} from "~/domain/pre-orders/pre-order-charge";
import { preOrderChargeSettingSchema } from "~/domain/pre-orders/pre-order-settings-schema";
import { staffHandle } from "~/domain/staff/staff-handle";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission, staffIntent } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/pre-order-settings";

export const handle = staffHandle("catalogue.edit", { intents: { default: "catalogue.edit" } });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Pre-orders", description: "When pre-orders are charged." }),
  { name: "robots", content: "noindex" },
];

const HINTS: Record<(typeof PRE_ORDER_CHARGES)[number], string> = {
  at_order: "The card is charged when the order is placed (the usual rule).",
  at_dispatch: `The card is saved at checkout and charged when the record ships. The shopper reads "${CHARGED_WHEN_SHIPS}" A declined charge mails them a link to pay with another card and holds the copy ${DECLINED_HOLD_HOURS} hours, then gives it to the next in line.`,
};

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { preOrderCharge: context.services.preOrderCharges.setting() };
}

export async function action({ context, request }: Route.ActionArgs) {
  requirePermission(context, request, handle.permission);
  return formAction(request, {
    default: staffIntent(context, request, handle, "default", preOrderChargeSettingSchema, ({ preOrderCharge }, actor) => {
      context.services.preOrderCharges.setSetting(actor, preOrderCharge);
      return redirectWithToast("/admin/pre-orders", {
        type: "success",
        title: "Pre-order charging saved",
        description: `${PRE_ORDER_CHARGE_WORDS[preOrderCharge]}, unless a record says otherwise.`,
      });
    }),
  });
}

export default function PreOrderSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(preOrderChargeSettingSchema, {
    lastResult: replyFor(actionData),
    defaultValue: { preOrderCharge: loaderData.preOrderCharge },
  });
  return (
    <div>
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Pre-orders</h1>
      <p className="mt-1 max-w-prose text-sm text-stone-600">
        When the shop charges pre-orders. A record can override this on its own form. A basket with a pre-order charged at
        dispatch and anything else is charged at order time, and the shopper is told at checkout.
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 grid max-w-2xl gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
      >
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">Pre-orders are</legend>
          <div className="mt-2 grid gap-3">
            {PRE_ORDER_CHARGES.map((charge) => (
              <label key={charge} className="flex gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-ink">
                <input
                  type="radio"
                  name={fields.preOrderCharge.name}
                  value={charge}
                  defaultChecked={loaderData.preOrderCharge === charge}
                  className="mt-1 accent-needle"
                />
                <span>
                  <span className="block font-semibold">{PRE_ORDER_CHARGE_WORDS[charge]}</span>
                  <span className="block text-sm text-stone-600">{HINTS[charge]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle-dark disabled:opacity-60"
          >
            Save
          </button>
        </div>
      </Form>
    </div>
  );
}
