import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";

/** A labelled input with its error underneath, wired for screen readers (aria-invalid/aria-describedby). */
export function Field({
  label,
  meta,
  type = "text",
  autoComplete,
  inputMode,
}: {
  label: string;
  meta: FieldMetadata<string>;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  inputMode?: "email" | "text" | "tel" | "numeric";
}) {
  const props = getInputProps(meta, { type });
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
          meta.errors ? "border-red-500" : "border-stone-300"
        }`}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
      {errors?.[0]}
    </p>
  );
}

/** A form's own message (not a field's), announced when it appears; the empty box keeps Conform's form error id. */
export function FormMessage({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors[0]}
    </div>
  );
}

export function SubmitButton({ children, pending }: { children: React.ReactNode; pending?: boolean }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-full bg-ink px-6 py-3 font-semibold text-white transition hover:bg-needle disabled:cursor-wait disabled:opacity-60"
    >
      {children}
    </button>
  );
}
