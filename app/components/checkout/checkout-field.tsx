import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/forms";

/**
 * A labelled checkout input with an optional hint, its error underneath, wired for screen readers: the
 * error and the hint both describe the input (aria-describedby), and aria-invalid marks a wrong value.
 */
export function CheckoutField({
  label,
  meta,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  hint,
  optional = false,
  className = "",
  maxLength,
}: {
  label: string;
  meta: FieldMetadata<string | null | undefined>;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "email" | "text" | "numeric" | "tel";
  placeholder?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  maxLength?: number;
}) {
  const props = getInputProps(meta as FieldMetadata<string>, { type });
  const hintId = `${meta.id}-hint`;
  const describedBy = [hint ? hintId : null, meta.errors ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-stone-800">
        {label}
        {optional && <span className="font-normal text-stone-500"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      <input
        {...props}
        key={props.key}
        aria-describedby={describedBy}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength ?? props.maxLength}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
          meta.errors ? "border-red-500" : "border-stone-300"
        }`}
      />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
