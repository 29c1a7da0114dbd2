import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { z } from "~/domain/shared/zod";
import { schemaConstraint } from "./schema-constraint";

/**
 * Conform's useForm, set up the one way every form is (docs/decisions/0055-back-to-the-frameworks.md):
 * - the schema's rules reach the HTML as native constraints (`required`, `min`, `max`, `maxLength`, `pattern`), and
 *   the page is written without `novalidate`, so a browser without the page's JavaScript checks them itself;
 * - once the page runs, the same schema checks a field when it loses focus, again as it is corrected, and the whole
 *   form on submit;
 * - the server's refusal for this form (`replyFor(actionData, intent)`) shows beside its fields.
 *
 * A button with `formMethod="get"` (print the ticked orders, search) leaves the page rather than posting the form:
 * the schema, which is the post's, does not hold it back.
 *
 * A button of the form with another job (`name="intent" value="apply"`, apply a discount code) names the schema that
 * job checks in `intents`: the rest of the form may still be half filled.
 *
 * A shop form whose messages are the spec's own words sets `nativeChecks: false`: it keeps the constraints on its
 * fields but is written with `novalidate`, so without JavaScript the server answers in those words, not the browser.
 */
export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: {
    lastResult: SubmissionResult<string[]> | undefined;
    /** Set when two forms on a page would otherwise share field ids. */
    id?: string;
    defaultValue?: DefaultValue<z.input<Schema>>;
    /** False: the browser never refuses the form itself (see above). */
    nativeChecks?: boolean;
    /** The schema of each button with a job of its own, by its `intent` value (see above). */
    intents?: Record<string, z.ZodType>;
  },
) {
  const constraint = useMemo(() => schemaConstraint(schema), [schema]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint,
    onValidate: schemaValidation(schema, options.intents),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: options.nativeChecks === false,
  });
}

const anyForm = z.object({});

/** The form's check in the browser: the schema, for any submission that posts the form, or its button's own. */
export function schemaValidation<Schema extends z.ZodType>(schema: Schema, intents: Record<string, z.ZodType> = {}) {
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLInputElement | HTMLButtonElement | null }) => {
    const job = submitter?.name === "intent" && Object.hasOwn(intents, submitter.value) ? intents[submitter.value] : null;
    return parseWithZod(formData, { schema: (submitter?.formMethod === "get" ? anyForm : (job ?? schema)) as Schema });
  };
}
