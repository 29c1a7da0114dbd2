/**
 * A small JSON endpoint in a resource route (the passkey ceremony, which needs the browser's WebAuthn API and so
 * cannot be a plain form): the body read with a schema, one handler, and domain errors as 4xx JSON — never a 500 for
 * a bad request. Origin is checked for every POST before any route runs (server/http/origin-check.ts).
 */
import { DomainError, formFailureOf, retryAfterHeaders } from "~/domain/shared/errors";
import type { z } from "~/domain/shared/zod";

/** Well above any passkey ceremony's answer (a few kilobytes); the server's own limit is 1 MB. */
const MAX_BODY_CHARS = 100_000;

const NO_STORE = { "Cache-Control": "no-store" };

export function jsonError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: message }, { status, headers: { ...NO_STORE, ...headers } });
}

export async function jsonAction<S extends z.ZodType>(
  request: Request,
  schema: S,
  handle: (value: z.output<S>, headers: Headers) => unknown,
): Promise<Response> {
  if (request.method !== "POST") return jsonError(405, "Use POST.", { Allow: "POST" });
  const text = await request.text();
  if (text.length > MAX_BODY_CHARS) return jsonError(413, "The request is too large.");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return jsonError(400, "The request must be JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "Invalid request.");
  const headers = new Headers(NO_STORE);
  try {
    const answer = await handle(parsed.data, headers);
    return Response.json(answer ?? {}, { headers });
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure || !(error instanceof DomainError)) throw error;
    return jsonError(failure.status, failure.message, retryAfterHeaders(failure));
  }
}
