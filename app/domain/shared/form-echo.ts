import { z } from "./zod";

/** How much of a field with no length rule of its own (a number, a choice) an error answer sends back. */
export const DEFAULT_ECHO_LIMIT = 200;

/** The part of a form reply that repeats what was submitted (Conform's SubmissionResult, structurally). */
export interface FormEcho {
  initialValue?: Record<string, unknown> | null;
  fields?: string[];
}

/** The schema behind wrappers (optional, default, transform, refine…), down to what reads the raw value. */
function inner(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodPipe) s = s.def.in as z.ZodType;
    else if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable)
      s = s.def.innerType as z.ZodType;
    else break;
  }
  return s;
}

/** Every field a form schema reads, with the most characters it accepts (DEFAULT_ECHO_LIMIT when it has no rule). */
export function formFieldLimits(schema: z.ZodType): Map<string, number> {
  const limits = new Map<string, number>();
  const top = inner(schema);
  const objects = top instanceof z.ZodUnion ? top.def.options.map((o) => inner(o as z.ZodType)) : [top];
  for (const object of objects) {
    if (!(object instanceof z.ZodObject)) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const value = inner(field);
      const max = value instanceof z.ZodString && value.maxLength !== null ? value.maxLength : DEFAULT_ECHO_LIMIT;
      limits.set(name, Math.max(limits.get(name) ?? 0, max));
    }
  }
  return limits;
}

/** A string cut to size; a list (at most 20) or a fieldset (a line of a list: `lines[0].quantity`) cut likewise. */
const truncate = (value: unknown, max: number, depth = 0): unknown =>
  typeof value === "string"
    ? value.slice(0, max)
    : depth > 2
      ? undefined
      : Array.isArray(value)
        ? value.slice(0, 20).map((v) => truncate(v, max, depth + 1))
        : value !== null && typeof value === "object"
          ? Object.fromEntries(
              Object.entries(value)
                .slice(0, 20)
                .map(([k, v]) => [k, truncate(v, max, depth + 1)]),
            )
          : undefined;

/**
 * A form's error answer shows the shopper what they typed, but only in the fields the form has, each cut to the
 * length the form accepts: a post stuffed with extra or huge fields must not come back many times larger.
 */
export function echoKnownFields<T extends FormEcho>(result: T, limits: Map<string, number>): T {
  const initialValue = result.initialValue
    ? Object.fromEntries(
        Object.entries(result.initialValue)
          .filter(([name]) => limits.has(name))
          .map(([name, value]) => [name, truncate(value, limits.get(name)!)])
          .filter(([, value]) => value !== undefined),
      )
    : result.initialValue;
  const fields = result.fields?.filter((name) => limits.has(name));
  return { ...result, initialValue, ...(result.fields ? { fields } : {}) };
}
