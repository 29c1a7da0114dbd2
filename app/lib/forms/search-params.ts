import type { z } from "~/domain/shared/zod";

/**
 * A page's address read with its domain schema (the last value wins for a repeated name). A hand-edited address is no
 * reason to fail the page: `query` is then the schema's defaults (what it makes of no parameters at all) and `problem`
 * says what was wrong, for the page to show beside its filters with a 400.
 */
export function readSearchParams<Schema extends z.ZodType>(
  schema: Schema,
  params: URLSearchParams,
): { query: z.output<Schema>; problem: string | null } {
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { query: parsed.data, problem: null };
  return { query: schema.parse({}), problem: parsed.error.issues.map((issue) => issue.message).join("; ") };
}
