import type { z } from "./zod";
import { ValidationError } from "./errors";

/**
 * Parses input with a schema or throws a ValidationError carrying every message (joined) and the messages
 * per field, so each adapter can answer a bad request its own way (a 400 listing fields, a form's errors).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
  throw new ValidationError(parsed.error.issues.map((i) => i.message).join("; "), fields);
}
