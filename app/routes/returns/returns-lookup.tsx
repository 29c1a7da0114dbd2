import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { Field, FormMessage, SubmitButton } from "~/components/forms";
import { returnLookupSchema } from "~/domain/returns/return-schemas";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { pageMeta } from "~/lib/seo";
import { lookUp } from "./returns.server";
import type { Route } from "./+types/returns-lookup";

/** Returns without an account: the order number and the e-mail it was placed with open its return form. */
export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Returns", description: "Send records back to Needledrop: 30 days from delivery." });

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.user !== null };
}

export const action = ({ context, request }: Route.ActionArgs) => formAction(request, { default: lookUp(context, request) });

export default function ReturnsLookup({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(returnLookupSchema, { lastResult: replyFor(actionData), nativeChecks: false });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-10 lg:px-8">
      <h1 className="font-display text-3xl font-bold">Returns</h1>
      <p className="mt-3 text-stone-700">
        You have 30 days from delivery to send records back. Enter your order number and the e-mail address you ordered with, and
        choose what to return on the next page.
      </p>
      {loaderData.signedIn && (
        <p className="mt-3 text-stone-700">
          Ordered with your account? Start a return from{" "}
          <Link to="/profile#orders" className="font-semibold text-needle-dark underline underline-offset-2">
            your orders
          </Link>
          .
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-2">
        <FormMessage id={form.errorId} errors={form.errors} />
        <Field label="Order number (e.g. ND-7K2M9QXA)" meta={fields.orderNumber} autoComplete="off" />
        <Field label="E-mail address" meta={fields.email} type="email" autoComplete="email" inputMode="email" />
        <SubmitButton pending={busy}>Find my order</SubmitButton>
      </Form>
    </div>
  );
}
