import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "~/domain/shared/zod";
import type { FormReply } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { FormAlert } from "./form-field";

/**
 * A one-button form of a list's row (move it up, remove it, mark it posted): its intent, the hidden fields that say
 * which row and what to do, and the action's refusal when it came from this very form (its fields echoed back alike).
 */
export function RowButton({
  intent,
  schema,
  fields,
  reply,
  disabled,
  className,
  children,
}: {
  intent: string;
  schema: z.ZodType<unknown, Record<string, unknown>>;
  fields: Record<string, string | number>;
  reply: Partial<FormReply> | undefined;
  disabled?: boolean;
  className: string;
  children: ReactNode;
}) {
  const refused = reply?.intent === intent ? reply.result : undefined;
  // A field its schema does not read (where to go back to) is not echoed, and says nothing about which row it was.
  const echoed = refused?.initialValue;
  const ours = !!echoed && Object.entries(fields).every(([name, value]) => !(name in echoed) || echoed[name] === String(value));
  const [form] = useSchemaForm(schema, { lastResult: ours ? refused : undefined });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={disabled} className={className}>
        {children}
      </button>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
    </Form>
  );
}
