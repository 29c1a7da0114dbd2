/**
 * The back office's customers (docs/decisions/0070-customers-in-the-back-office.md): the list, searched by name,
 * e-mail or postcode and sorted by lifetime spend or last order, and one customer whole (details, orders, wants,
 * record club, newsletter). Read-only. A page of the list is two statements whatever its size: the count, and the
 * page itself with every customer's figures from one grouped pass over the orders (never a query per row).
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import {
  CUSTOMER_CSV_COLUMNS,
  CUSTOMER_CSV_LIMIT,
  CUSTOMER_PAGE_SIZE,
  customerCsvRow,
  postcodeKey,
  type CustomerListQuery,
  type CustomerListRow,
} from "../../app/domain/customers/customer-list";
import { countsAsOrder, SPEND_STATUSES } from "../../app/domain/customers/lifetime-spend";
import type { MembershipView } from "../../app/domain/club/membership";
import { ORDER_STATUSES, type OrderStatus } from "../../app/domain/orders/order-status";
import { writeCsv } from "../../app/domain/shared/csv";
import { todayInLondon } from "../../app/domain/shared/dates";
import { NotFoundError } from "../../app/domain/shared/errors";
import { pageWindow } from "../../app/domain/shared/paging";
import { subscriberState, type SubscriberState } from "../../app/domain/newsletter/subscriber-counts";
import type { Db } from "../../db/client";
import { clubMemberships, orders, records, subscribers, users, wantAddresses, wants } from "../../db/schema";
import { viewOf } from "./club-memberships";

/** A customer's page lists this many of their orders and wants, newest first. */
export const CUSTOMER_ORDERS_SHOWN = 50;
export const CUSTOMER_WANTS_SHOWN = 50;

export interface CustomerList {
  customers: CustomerListRow[];
  total: number;
  page: number;
  pageCount: number;
  query: CustomerListQuery;
}

export interface CustomerDetail {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  address: { line: string | null; city: string | null; county: string | null; postcode: string | null; country: string | null };
  createdAt: string;
  lastSignInAt: string | null;
  favouriteGenres: string[];
  orderCount: number;
  spendPence: number;
  lastOrderAt: string | null;
  orders: { orderNumber: string; createdAt: string; status: OrderStatus; totalPence: number; refundedPence: number }[];
  wants: {
    id: number;
    recordId: number;
    artist: string;
    title: string;
    status: "active" | "done" | "unsubscribed";
    createdAt: string;
  }[];
  club: MembershipView | null;
  newsletter: {
    state: SubscriberState;
    subscribedAt: string;
    unsubscribedAt: string | null;
    favouriteGenre: string | null;
  } | null;
}

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
// The statuses come from the domain's own lists (constants, never input), so they may be written into the SQL.
const SPENT = quoted(SPEND_STATUSES);
const PLACED = quoted(ORDER_STATUSES.filter(countsAsOrder));

/**
 * Every customer's figures in one grouped pass over the orders: orders placed and paid, lifetime spend (the rule of
 * app/domain/customers/lifetime-spend.ts) and the last such order's time.
 */
const figures = sql`(select o.user_id as user_id,
    sum(case when o.status in (${PLACED}) then 1 else 0 end) as order_count,
    sum(case when o.status in (${SPENT}) then max(0, o.total_pence - o.refunded_pence) else 0 end) as spend_pence,
    max(case when o.status in (${PLACED}) then o.created_at end) as last_order_at
  from orders o where o.user_id is not null group by o.user_id)`;

/** LIKE pattern that matches `text` anywhere, with % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDERINGS: Record<CustomerListQuery["sort"], SQL> = {
  spend: sql`spend_pence desc, u.id desc`,
  "last-order": sql`last_order_at is null, last_order_at desc, u.id desc`,
  newest: sql`u.created_at desc, u.id desc`,
  name: sql`lower(coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)), u.id`,
};

export function createAdminCustomersService(db: Db) {
  /** Customers (not staff) matching the search: name, username, e-mail, or a postcode of theirs or of an order's. */
  function where(q: string | undefined): SQL {
    const customer = sql`u.role = 'customer'`;
    if (!q) return customer;
    const text = containing(q.toLowerCase());
    const postcode = containing(postcodeKey(q));
    const name = sql`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`;
    const postcodeOf = (column: SQL) => sql`replace(upper(coalesce(${column}, '')), ' ', '')`;
    return sql`${customer} and (${name} like ${text} escape '\\' or lower(u.username) like ${text} escape '\\'
      or u.email like ${text} escape '\\' or ${postcodeOf(sql`u.zip_code`)} like ${postcode} escape '\\'
      or exists (select 1 from orders po where po.user_id = u.id and ${postcodeOf(sql`po.postal_code`)} like ${postcode} escape '\\'))`;
  }

  function rows(query: Pick<CustomerListQuery, "q" | "sort">, limit: number, offset: number): CustomerListRow[] {
    return db
      .all<CustomerListRow>(
        sql`select u.id as id, u.username as username, u.first_name as firstName, u.last_name as lastName, u.email as email,
          u.zip_code as zipCode, coalesce(f.order_count, 0) as orderCount, coalesce(f.spend_pence, 0) as spendPence,
          f.last_order_at as lastOrderAt, u.created_at as createdAt,
          (select m.plan from club_memberships m where m.user_id = u.id and m.status <> 'cancelled' limit 1) as clubPlan
        from users u left join ${figures} f on f.user_id = u.id
        where ${where(query.q)}
        order by ${ORDERINGS[query.sort]}
        limit ${limit} offset ${offset}`,
      )
      .map((r) => ({ ...r, orderCount: Number(r.orderCount), spendPence: Number(r.spendPence) }));
  }

  function figuresOf(userId: number): Pick<CustomerListRow, "orderCount" | "spendPence" | "lastOrderAt"> {
    const f = db.get<{ orderCount: number | null; spendPence: number | null; lastOrderAt: string | null }>(
      sql`select order_count as orderCount, spend_pence as spendPence, last_order_at as lastOrderAt
        from ${figures} where user_id = ${userId}`,
    );
    return {
      orderCount: Number(f?.orderCount ?? 0),
      spendPence: Number(f?.spendPence ?? 0),
      lastOrderAt: f?.lastOrderAt ?? null,
    };
  }

  return {
    list(query: CustomerListQuery): CustomerList {
      const total = db.get<{ n: number }>(sql`select count(*) as n from users u where ${where(query.q)}`)?.n ?? 0;
      const { page, pageCount, offset } = pageWindow(total, query.page, CUSTOMER_PAGE_SIZE);
      return { customers: rows(query, CUSTOMER_PAGE_SIZE, offset), total, page, pageCount, query: { ...query, page } };
    },

    /** The list with its search and sort (every page, at most CUSTOMER_CSV_LIMIT rows) as CSV for spreadsheets. */
    csv(query: Pick<CustomerListQuery, "q" | "sort">): string {
      const body = rows(query, CUSTOMER_CSV_LIMIT, 0).map(customerCsvRow);
      return writeCsv([CUSTOMER_CSV_COLUMNS, ...body], { forSpreadsheets: true });
    },

    get(userId: number, today = todayInLondon()): CustomerDetail {
      const user = db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.role, "customer")))
        .get();
      if (!user) throw new NotFoundError("No customer has that number.");
      const placed = db
        .select({
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          status: orders.status,
          totalPence: orders.totalPence,
          refundedPence: orders.refundedPence,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(CUSTOMER_ORDERS_SHOWN)
        .all();
      const wanted = db
        .select({
          id: wants.id,
          recordId: wants.recordId,
          artist: records.artist,
          title: records.title,
          status: wants.status,
          createdAt: wants.createdAt,
        })
        .from(wants)
        .innerJoin(wantAddresses, eq(wantAddresses.id, wants.addressId))
        .innerJoin(records, eq(records.id, wants.recordId))
        .where(or(eq(wantAddresses.userId, userId), eq(wantAddresses.email, user.email)))
        .orderBy(sql`${wants.status} = 'active' desc`, desc(wants.createdAt), desc(wants.id))
        .limit(CUSTOMER_WANTS_SHOWN)
        .all();
      // The live membership if there is one, else the latest that ended.
      const membership = db
        .select()
        .from(clubMemberships)
        .where(eq(clubMemberships.userId, userId))
        .orderBy(sql`${clubMemberships.status} <> 'cancelled' desc`, desc(clubMemberships.id))
        .limit(1)
        .get();
      const subscriber = db.select().from(subscribers).where(eq(subscribers.email, user.email)).get();
      return {
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        address: { line: user.address, city: user.city, county: user.state, postcode: user.zipCode, country: user.country },
        createdAt: user.createdAt,
        lastSignInAt: user.lastSignInAt,
        favouriteGenres: user.favoriteGenres,
        ...figuresOf(userId),
        orders: placed,
        wants: wanted,
        club: membership ? viewOf(membership, today) : null,
        newsletter: subscriber
          ? {
              state: subscriberState(subscriber),
              subscribedAt: subscriber.subscribedAt,
              unsubscribedAt: subscriber.unsubscribedAt,
              favouriteGenre: subscriber.favoriteGenre,
            }
          : null,
      };
    },
  };
}

export type AdminCustomersService = ReturnType<typeof createAdminCustomersService>;
