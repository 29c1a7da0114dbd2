import { ValidationError } from "./errors";
import type { z } from "./zod";

/**
 * Parses input with a schema or throws a ValidationError with the messages per field, so each adapter can
 * answer a bad request its own way (a 400 listing fields, a form's errors). Its message joins every message,
 * or, with `{ message: "first" }`, is the first one alone (for a toast).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  { message = "all" }: { message?: "all" | "first" } = {},
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
  const messages = parsed.error.issues.map((i) => i.message);
  throw new ValidationError(message === "first" ? (messages[0] ?? "Invalid input") : messages.join("; "), fields);
}
