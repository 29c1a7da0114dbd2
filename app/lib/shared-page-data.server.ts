import type { AppLoadContext } from "react-router";

/** Page data handed out by services.pageData (decision 48): the same object for everyone until the shop changes. */
const shared = new WeakSet<object>();

/**
 * `read`'s value for `key`, kept between requests until the shop changes (`services.pageData.shared`), and known
 * from then on as shared page data: what is written of it for the browser is kept too (app/lib/handoff.server.ts).
 * Nothing may change it.
 */
export function sharedPageData<T>(context: AppLoadContext, key: string, read: () => T): T {
  const value = context.services.pageData.shared(key, read);
  if (typeof value === "object" && value !== null) shared.add(value);
  return value;
}

/**
 * Where the page's shared page data is: the first route (in the routes' order) whose data is shared page data, or
 * holds it in one of its fields beside the shopper's own (a record page signed in: the record, and their want).
 */
export function sharedDataPlace(loaderData: unknown): { routeId: string; field?: string; value: object } | undefined {
  if (typeof loaderData !== "object" || loaderData === null) return undefined;
  for (const [routeId, value] of Object.entries(loaderData)) {
    if (typeof value !== "object" || value === null) continue;
    if (shared.has(value)) return { routeId, value };
    if (Array.isArray(value)) continue;
    for (const [field, inner] of Object.entries(value)) {
      if (typeof inner === "object" && inner !== null && shared.has(inner)) return { routeId, field, value: inner };
    }
  }
  return undefined;
}
