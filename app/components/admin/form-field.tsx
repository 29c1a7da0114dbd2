import type { ReactNode } from "react";

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
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
