import { data } from "react-router";
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

/** A page's path parameters read with a domain schema: anything the schema refuses names no page, so a 404. */
export function readParams<Schema extends z.ZodType>(schema: Schema, params: unknown): z.output<Schema> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
