/**
 * The newsletter's subscribers in the back office: searched, filtered by whether they are still subscribed,
 * paged, and exported as CSV with the same filters. Read-only; sign-up and unsubscribe live in ./newsletter.
 */
import { and, count, desc, sql, type SQL } from "drizzle-orm";
import {
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_PAGE_SIZE,
  likePattern,
  type SubscriberListQuery,
} from "../../app/domain/newsletter/subscriber-list";
import { londonDateTime } from "../../app/domain/orders/order-admin";
import { writeCsv } from "../../app/domain/shared/csv";
import type { Db } from "../../db/client";
import { subscribers } from "../../db/schema";
import { pageWindow } from "../../app/domain/shared/paging";
import { tallySubscribers, type SubscriberCounts } from "../../app/domain/newsletter/subscriber-counts";
import { SUBSCRIBED, subscriberGroups, UNSUBSCRIBED } from "./subscriber-sets";

export interface AdminSubscriber {
  id: number;
  email: string;
  favoriteGenre: string | null;
  subscribedAt: string;
  unsubscribedAt: string | null;
  hasUsedDiscount: boolean;
}

export interface SubscriberPage {
  items: AdminSubscriber[];
  total: number;
  page: number;
  pageCount: number;
  /** Across the whole list, whatever the filters: subscribed + unsubscribed = total; by genre + other = subscribed. */
  counts: SubscriberCounts;
}

/** An export holds at most this many rows (the newest first), so one request's work stays bounded. */
export const SUBSCRIBER_CSV_MAX_ROWS = 100_000;

const columns = {
  id: subscribers.id,
  email: subscribers.email,
  favoriteGenre: subscribers.favoriteGenre,
  subscribedAt: subscribers.subscribedAt,
  unsubscribedAt: subscribers.unsubscribedAt,
  hasUsedDiscount: subscribers.hasUsedDiscount,
};

const londonTime = (iso: string | null) => (iso === null ? "" : londonDateTime(iso));

/** The list's filters: a search (optional) and a status. */
type Filters = { q?: string } & Pick<SubscriberListQuery, "status">;

export function createAdminSubscribersService(db: Db) {
  function where(query: Filters): SQL | undefined {
    return and(
      query.q
        ? sql`(lower(${subscribers.email}) like ${likePattern(query.q)} escape '\\' or lower(coalesce(${subscribers.favoriteGenre}, '')) like ${likePattern(query.q)} escape '\\')`
        : undefined,
      query.status === "subscribed" ? SUBSCRIBED : undefined,
      query.status === "unsubscribed" ? UNSUBSCRIBED : undefined,
    );
  }

  return {
    list(query: Filters & Pick<SubscriberListQuery, "page">): SubscriberPage {
      const filter = where(query);
      const total = db.select({ n: count() }).from(subscribers).where(filter).get()?.n ?? 0;
      const { page, pageCount, offset } = pageWindow(total, query.page, SUBSCRIBER_PAGE_SIZE);
      const items = db
        .select(columns)
        .from(subscribers)
        .where(filter)
        .orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
        .limit(SUBSCRIBER_PAGE_SIZE)
        .offset(offset)
        .all();
      return { items, total, page, pageCount, counts: tallySubscribers(subscriberGroups(db)) };
    },

    /** The filtered list (every page) as CSV, newest first, with a BOM so spreadsheet programs read it as UTF-8. */
    csv(query: Filters): string {
      const rows = db
        .select(columns)
        .from(subscribers)
        .where(where(query))
        .orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
        .limit(SUBSCRIBER_CSV_MAX_ROWS)
        .all()
        .map((s) => [
          s.email,
          s.favoriteGenre,
          londonTime(s.subscribedAt),
          londonTime(s.unsubscribedAt),
          s.hasUsedDiscount ? "yes" : "no",
        ]);
      return writeCsv([SUBSCRIBER_CSV_COLUMNS, ...rows], { forSpreadsheets: true });
    },
  };
}

export type AdminSubscribersService = ReturnType<typeof createAdminSubscribersService>;
