/**
 * Spec §8 "Failed HTTP response": the error text is the status code, a colon and the response body, or
 * the status text when the body is empty. Pure, so the rule is tested without a network; `fetchJson`
 * applies it to every call the browser makes with plain fetch (spec §6: credentials always sent).
 */

/** '{status}: {body}', or '{status}: {statusText}' when the body is empty (or only whitespace). */
export function httpErrorText(status: number, statusText: string, body: string): string {
  const detail = body.trim() === "" ? statusText : body;
  return `${status}: ${detail}`;
}

/** A failed HTTP answer; `message` is the spec §8 text, `status` and `body` are kept for callers. */
export class HttpResponseError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(httpErrorText(status, statusText, body));
    this.name = "HttpResponseError";
  }
}

/** Throws HttpResponseError for a non-2xx answer (the body is read as text for the message). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => "");
  throw new HttpResponseError(res.status, body, res.statusText);
}

export interface FetchJsonOptions extends Omit<RequestInit, "body"> {
  /** Sent as JSON with a content-type header (spec §7). */
  json?: unknown;
  /** The fetch to use (tests pass a stand-in); the global one by default. */
  fetch?: typeof fetch;
}

/**
 * A call of spec §7: credentials included, a JSON body when given, the answer read as JSON. A failed
 * answer throws HttpResponseError with the spec §8 text; an empty success answer reads as null.
 */
export async function fetchJson<T>(
  url: string,
  { json, fetch: doFetch = fetch, headers, ...init }: FetchJsonOptions = {},
): Promise<T> {
  const res = await doFetch(url, {
    credentials: "include",
    ...init,
    headers: {
      accept: "application/json",
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...headersObject(headers),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  await throwIfResNotOk(res);
  const text = await res.text();
  return (text === "" ? null : JSON.parse(text)) as T;
}

function headersObject(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  return Object.fromEntries(new Headers(headers).entries());
}
