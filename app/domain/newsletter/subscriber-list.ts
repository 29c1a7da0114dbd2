/**
 * The back office's subscriber list (/admin/email-marketing): its query (search, status, page) read leniently from
 * the address, and the address of a page with it. One schema for the page, its CSV export and tRPC.
 */
import { z } from "~/domain/shared/zod";

export const SUBSCRIBER_STATUSES = ["all", "subscribed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_PAGE_SIZE = 50;
export const SUBSCRIBER_CSV_COLUMNS = ["Email", "Favourite genre", "Subscribed", "Unsubscribed", "Code used"] as const;

/** Bad values fall back to the defaults: an address typed by hand should still show a list. */
export const subscriberListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  status: z.enum(SUBSCRIBER_STATUSES).default("all").catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;

export function readSubscriberListQuery(params: URLSearchParams): SubscriberListQuery {
  return subscriberListQuerySchema.parse(Object.fromEntries(params.entries()));
}

/** "?q=…&status=…&page=…" with the defaults left out. */
export function subscriberListSearch(query: Partial<SubscriberListQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** LIKE pattern for a search: the text's own % and _ match themselves (escaped with \). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
