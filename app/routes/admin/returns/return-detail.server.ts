import { data, type AppLoadContext } from "react-router";
import type { SubmissionResult } from "~/domain/admin/form-submission";
import {
  inspectLineSchema,
  REFUND_METHOD_LABELS,
  refundReturnSchema,
  receiveReturnSchema,
  refuseReturnSchema,
  returnNumberParamsSchema,
} from "~/domain/returns/return-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { handle } from "./return-permissions";
import { z } from "~/domain/shared/zod";
import { askToConfirm, isConfirmed } from "~/lib/forms/confirm-step";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { requirePermission, type StaffActor } from "~/lib/guards.server";

type Intent = keyof typeof handle.intents;

export function returnNumberOf(params: unknown): string {
  const parsed = returnNumberParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Return not found.", { status: 404 });
  return parsed.data.returnNumber;
}

/** A service call that may say "no such return": a 404 page, not a 500. */
export function found<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof NotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}

const empty = z.object({});

/** Every step of a return is a form done once per page render (docs/decisions/0067), under its own permission. */
export async function returnAction(context: AppLoadContext, request: Request, params: unknown) {
  // Seeing returns comes first: a refused person learns nothing, not even whether the return exists.
  const viewer = requirePermission(context, request, handle.permission);
  // The address is read only once the step's own permission is known: a refused step says 403, not "no such return".
  const returnNumber = () => returnNumberOf(params);
  const s = context.services.adminReturns;
  const to = () => `/admin/returns/${returnNumber()}`;
  const once = submitOnce(context.services, viewer);
  const permitted = (name: Intent) => {
    let actor: StaffActor | undefined;
    return () => (actor ??= requirePermission(context, request, handle.intents[name]));
  };
  const step = <S extends z.ZodType>(
    name: Intent,
    schema: S,
    work: (value: z.output<S>, actor: StaffActor) => SubmissionResult,
  ) => {
    const actor = permitted(name);
    return once.intent(
      schema,
      (value) => `return ${name} ${returnNumber()}${name === "inspect" ? ` line ${(value as { lineId: number }).lineId}` : ""}`,
      (value) => work(value, actor()),
      { before: actor },
    );
  };
  const refundActor = permitted("refund");
  const refundOnce = once.asyncIntent(
    refundReturnSchema,
    () => `return refund ${returnNumber()}`,
    async ({ method }) => {
      const done = await s.refund(refundActor(), returnNumber(), { method });
      return {
        to: to(),
        toast: {
          type: "success",
          title: `Refunded ${formatPence(done.refundedPence)}`,
          description: REFUND_METHOD_LABELS[method],
        },
      };
    },
  );
  return formAction(request, {
    approve: step("approve", empty, (_v, actor) => {
      s.approve(actor, returnNumber());
      return {
        to: to(),
        toast: { type: "success", title: "Return approved", description: "The customer has been sent the instructions." },
      };
    }),
    refuse: step("refuse", refuseReturnSchema, (v, actor) => {
      s.refuse(actor, returnNumber(), v);
      return { to: to(), toast: { type: "success", title: "Return refused", description: "The customer has been told why." } };
    }),
    receive: step("receive", receiveReturnSchema, (v, actor) => {
      s.markReceived(actor, returnNumber(), v);
      return { to: to(), toast: { type: "success", title: "Parcel received" } };
    }),
    inspect: step("inspect", inspectLineSchema, (v, actor) => {
      s.inspect(actor, returnNumber(), v);
      return { to: to(), toast: { type: "success", title: "Line inspected" } };
    }),
    // A refund asks first: the first post answers with what will be paid; the confirm panel's post pays it, once.
    refund: intent(
      refundReturnSchema,
      async (value, formData, echo) => {
        if (isConfirmed(formData)) return refundOnce.handle(value, formData, echo);
        const review = s.reviewRefund(returnNumber());
        return askToConfirm("refund", {
          title: `Refund ${formatPence(review.amountPence)} for ${returnNumber()}?`,
          body: `${REFUND_METHOD_LABELS[value.method]}. ${review.words.join(" ")}`,
          confirmLabel: `Yes, refund ${formatPence(review.amountPence)}`,
          keepLabel: "Not now",
          keepTo: to(),
          fields: { method: value.method, submissionKey: String(formData.get("submissionKey") ?? "") },
        });
      },
      { before: refundActor },
    ),
  });
}
