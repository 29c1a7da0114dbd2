import { getInputProps, type FieldMetadata } from "@conform-to/react";

/**
 * A field for a one-time code (an authenticator app's six digits, or a recovery code): no spell check, the phone's
 * number pad for digits, the browser's one-time-code autofill, and room for its message kept so the form does not jump.
 */
export function CodeField({
  label,
  meta,
  hint,
  numeric = true,
  narrow = true,
}: {
  label: string;
  meta: FieldMetadata<string>;
  hint?: string;
  numeric?: boolean;
  /** At most 20 rem wide (a set-up form); otherwise the width of its form. */
  narrow?: boolean;
}) {
  const props = getInputProps(meta, { type: "text" });
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {hint ? <p className="text-sm text-stone-600">{hint}</p> : null}
      <input
        {...props}
        key={props.key}
        autoComplete="one-time-code"
        inputMode={numeric ? "numeric" : "text"}
        spellCheck={false}
        autoCapitalize="characters"
        className={`mt-1 block w-full ${narrow ? "max-w-xs" : ""} rounded-md border bg-white px-3 py-2 font-mono text-lg tracking-widest shadow-sm focus:border-needle focus:outline-none ${
          meta.errors ? "border-red-500" : "border-stone-300"
        }`}
      />
      <p id={meta.errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {meta.errors?.[0]}
      </p>
    </div>
  );
}
