import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";

/** The back office's text inputs share one look. */
export const inputClass = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";

/**
 * A labelled field of a back-office form: its label, an optional hint, the control (given `id` and the
 * described-by ids) and the room for its error, kept even when empty so the form does not jump.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby": string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {children({ id, ...(error ? { "aria-invalid": true as const } : {}), "aria-describedby": describedBy })}
      <p id={`${id}-error`} role={error ? "alert" : undefined} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

const alertClass = "rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900";

/**
 * A refusal of the whole form (a message about no one field: the order moved on, the record is gone), shown where
 * the form is and read out as it appears. `id` is Conform's `form.errorId`, which the form points to.
 */
export function FormAlert({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={alertClass}>
      {message}
    </p>
  );
}

/** One field's message, under a field laid out on its own (Conform points the field's aria-describedby here). */
export function FieldMessage({ field }: { field: { errorId: string; errors?: string[] } }) {
  const message = field.errors?.[0];
  if (!message) return null;
  return (
    <p id={field.errorId} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * A text-like input of a Conform form laid out as a FormField: its schema's constraints and the value to show again
 * come from Conform, its message and hint sit under it. Other attributes (`inputMode`, `placeholder`) pass through.
 */
export function InputField({
  field,
  label,
  hint,
  id = field.id,
  type = "text",
  className = inputClass,
  ...attributes
}: {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  /** The input's own id, where a page or its tests already name it; Conform's otherwise. */
  id?: string;
  type?: "text" | "date" | "time" | "number" | "email" | "url" | "search" | "color";
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">) {
  const { key, ...props } = getInputProps(field, { type });
  return (
    <FormField id={id} label={label} hint={hint} error={field.errors?.[0]}>
      {(aria) => <input key={key} {...props} {...attributes} {...aria} className={className} />}
    </FormField>
  );
}
