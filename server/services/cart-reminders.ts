/**
 * Cart reminders: remembers the carts of shoppers the shop may write to (a guest who gave an address at
 * checkout, a signed-in customer), and once a cart has been left alone long enough sends ONE reminder, priced
 * as the shop would sell it at sending. Rules in app/domain/cart/cart-reminder.ts; why in the decision record.
 */
import { and, count, eq, gte, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from "drizzle-orm";
import { decodeCart, encodeCart } from "../../app/domain/cart/cart-cookie";
import type { Cart, CartLine } from "../../app/domain/cart/cart";
import {
  ATTRIBUTION_DAYS,
  CART_KEY_PATTERN,
  DEFAULT_REMINDER_HOURS,
  daysBefore,
  dueBefore,
  INVALID_REMINDER_LINK,
  REMINDER_GAP_DAYS,
  RESTORE_LINK_DAYS,
  reminderTokenSchema,
  staleBefore,
} from "../../app/domain/cart/cart-reminder";
import { todayInLondon } from "../../app/domain/shared/dates";
import { ValidationError } from "../../app/domain/shared/errors";
import { REVENUE_STATUSES } from "../../app/domain/orders/order-status";
import { writeTransaction, type Db } from "../../db/client";
import { cartReminderOptOuts, orders, reminderCarts, type ReminderCartRow } from "../../db/schema";
import { generateToken, hashToken } from "../auth/tokens";
import { cartReminderMail, type ReminderLine } from "../mail/cart-reminder-template";
import type { MailLinks } from "../mail/links";
import { oneClickUnsubscribeHeaders } from "../mail/list-unsubscribe";
import type { CartService } from "./cart";
import type { MailService } from "./mail";

export const CART_REMINDER_MAIL_KIND = "cart-reminder";
export const STOP_PATH = "/cart-reminders/stop" as const;
export const RESTORE_PATH = "/cart/restore" as const;

/**
 * Orders that do not count as "ordered since": only a payment that failed (nothing was bought). A cart that became an
 * order is done with, whatever becomes of the order: one cancelled at the customer's request is no cart left behind.
 */
const PLACED_STATUSES = ["payment_failed"] as const;

export interface CartOwner {
  /** The signed-in customer, if any: their cart is remembered under their account. */
  user: { id: number; email: string } | null;
  /** A guest browser's key (the cart-key cookie), if it has one. */
  key: string | null;
}

export interface SweepResult {
  sent: number;
  skipped: number;
}

const normalise = (email: string) => email.trim().toLowerCase();
const contentsOf = (lines: readonly CartLine[]) => encodeCart({ lines: [...lines], discountCode: null });

export function createCartRemindersService(
  db: Db,
  deps: { cart: CartService; mail: MailService; links: MailLinks; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());

  const pricesOf = (lines: readonly CartLine[]): Record<string, number> => {
    const found = deps.cart.loadRecords(lines.map((l) => l.recordId));
    return Object.fromEntries(
      lines.flatMap((l) => (found.has(l.recordId) ? [[String(l.recordId), found.get(l.recordId)!.pricePence]] : [])),
    );
  };

  /** The open (not emptied, not ordered) cart of an owner, if the shop remembers one. */
  function openCartOf(owner: CartOwner): ReminderCartRow | undefined {
    if (owner.user)
      return db
        .select()
        .from(reminderCarts)
        .where(and(eq(reminderCarts.userId, owner.user.id), isNull(reminderCarts.closedAt)))
        .orderBy(sql`${reminderCarts.id} desc`)
        .get();
    if (owner.key && CART_KEY_PATTERN.test(owner.key))
      return db
        .select()
        .from(reminderCarts)
        .where(and(eq(reminderCarts.keyHash, hashToken(owner.key)), isNull(reminderCarts.closedAt)))
        .get();
    return undefined;
  }

  /** Records the cart's new contents; an emptied cart is closed (a later one is a new cart). */
  function update(row: ReminderCartRow, lines: readonly CartLine[], at: string, email?: string) {
    const contents = contentsOf(lines);
    if (lines.length === 0) {
      db.update(reminderCarts).set({ contents, closedAt: at }).where(eq(reminderCarts.id, row.id)).run();
      return;
    }
    const changed = contents !== row.contents;
    if (!changed && (email === undefined || email === row.email)) return;
    db.update(reminderCarts)
      .set({
        ...(email !== undefined ? { email } : {}),
        ...(changed ? { contents, pricesAtChange: pricesOf(lines), changedAt: at } : {}),
      })
      .where(eq(reminderCarts.id, row.id))
      .run();
  }

  function insert(owner: CartOwner, email: string, lines: readonly CartLine[], at: string): string | null {
    const key = owner.user ? null : generateToken();
    db.insert(reminderCarts)
      .values({
        keyHash: key ? hashToken(key) : null,
        userId: owner.user?.id ?? null,
        email,
        contents: contentsOf(lines),
        pricesAtChange: pricesOf(lines),
        changedAt: at,
      })
      .run();
    return key;
  }

  /** The reminder a link's token belongs to, while its links still work. */
  function byToken(token: unknown, maxDays: number | null): ReminderCartRow | null {
    const parsed = reminderTokenSchema.safeParse(token);
    if (!parsed.success) return null;
    const row = db
      .select()
      .from(reminderCarts)
      .where(eq(reminderCarts.linkTokenHash, hashToken(parsed.data)))
      .get();
    if (!row?.remindedAt) return null;
    if (maxDays !== null && row.remindedAt < daysBefore(now(), maxDays)) return null;
    return row;
  }

  const isOptedOut = (email: string) =>
    db
      .select({ email: cartReminderOptOuts.email })
      .from(cartReminderOptOuts)
      .where(eq(cartReminderOptOuts.email, email))
      .get() !== undefined;

  /** Whether the owner of a cart placed an order since the cart was first remembered. */
  const orderedSince = (row: ReminderCartRow) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          row.userId !== null ? or(eq(orders.email, row.email), eq(orders.userId, row.userId)) : eq(orders.email, row.email),
          gte(orders.createdAt, row.createdAt),
          notInArray(orders.status, [...PLACED_STATUSES]),
        ),
      )
      .get() !== undefined;

  /** Another reminder went to this address in the last REMINDER_GAP_DAYS days. */
  const remindedLately = (row: ReminderCartRow, at: Date) =>
    db
      .select({ id: reminderCarts.id })
      .from(reminderCarts)
      .where(
        and(
          eq(reminderCarts.email, row.email),
          ne(reminderCarts.id, row.id),
          isNotNull(reminderCarts.outboxId),
          gte(reminderCarts.remindedAt, daysBefore(at, REMINDER_GAP_DAYS)),
        ),
      )
      .get() !== undefined;

  /** The mail for a claimed cart, priced now; null when nothing in it can be bought any more. */
  function reminderFor(row: ReminderCartRow, at: Date) {
    const cart = decodeCart(row.contents);
    if (!cart || cart.lines.length === 0) return null;
    const priced = deps.cart.price(cart.lines, null, { today: todayInLondon(at) });
    if (priced.lines.every((l) => l.issue)) return null;
    const lines: ReminderLine[] = priced.lines.map((l) => {
      const was = row.pricesAtChange[String(l.recordId)];
      return {
        title: l.title,
        artist: l.artist,
        quantity: l.quantity,
        pricePence: l.pricePence,
        wasPence: !l.issue && was !== undefined && was !== l.pricePence ? was : null,
        note:
          l.issue === "unavailable"
            ? "No longer in the shop"
            : l.issue === "out-of-stock"
              ? "Sold out"
              : l.issue === "insufficient-stock"
                ? `Only ${l.maxQuantity} left`
                : l.issue === "over-limit"
                  ? `Limited to ${l.maxQuantity} per customer`
                  : l.issue === "not-on-sale-yet"
                    ? "Not on sale yet"
                    : null,
      };
    });
    return cartReminderMail({
      lines,
      itemsPence: priced.totals.itemsPence,
      restoreLink: deps.links.withToken(RESTORE_PATH),
      stopLink: deps.links.withToken(STOP_PATH),
    });
  }

  // Each delivery attempt gets a fresh token; both links of the reminder carry it.
  deps.mail.mintTokensFor(CART_REMINDER_MAIL_KIND, (message) => {
    const row = db.select().from(reminderCarts).where(eq(reminderCarts.outboxId, message.id)).get();
    if (!row || isOptedOut(row.email)) return null;
    const token = generateToken();
    const hash = hashToken(token);
    db.update(reminderCarts).set({ linkTokenHash: hash }).where(eq(reminderCarts.id, row.id)).run();
    return {
      token,
      headers: oneClickUnsubscribeHeaders(deps.links.withToken(STOP_PATH)),
      revoke: () =>
        db
          .update(reminderCarts)
          .set({ linkTokenHash: null })
          .where(and(eq(reminderCarts.id, row.id), eq(reminderCarts.linkTokenHash, hash)))
          .run(),
    };
  });

  return {
    /**
     * The checkout form was posted with a valid address: the cart is remembered under it (a guest's browser
     * gets a key, returned to be set as a cookie; a signed-in customer's cart is remembered under the account).
     */
    rememberAtCheckout(owner: CartOwner, email: string, cart: Cart): { key: string | null } {
      if (cart.lines.length === 0) return { key: null };
      const address = normalise(email);
      const at = now().toISOString();
      return writeTransaction(db, () => {
        const row = openCartOf(owner);
        if (row) {
          update(row, cart.lines, at, address);
          return { key: null };
        }
        return { key: insert(owner, address, cart.lines, at) };
      });
    },

    /** The cart changed (or was emptied, or bought): the remembered copy follows it. */
    noteCartChange(owner: CartOwner, cart: Cart): void {
      if (!owner.user && !owner.key) return;
      const at = now().toISOString();
      writeTransaction(db, () => {
        const row = openCartOf(owner);
        if (row) return update(row, cart.lines, at);
        if (owner.user && cart.lines.length > 0) insert(owner, normalise(owner.user.email), cart.lines, at);
      });
    },

    /**
     * Sends the reminders that are due: a cart left unchanged for `hours`, not closed, not reminded. Each cart is
     * claimed (reminded_at set where it was null) in the same transaction that queues its mail, so two sweeps,
     * even in two processes, never send one twice. A claimed cart whose owner ordered since, opted out, was
     * reminded of another cart lately or has nothing left to buy is marked done without a mail.
     */
    async sweep({ hours = DEFAULT_REMINDER_HOURS, limit = 100 }: { hours?: number; limit?: number } = {}): Promise<SweepResult> {
      const at = now();
      const atIso = at.toISOString();
      const due = dueBefore(at, hours);
      const candidates = db
        .select({ id: reminderCarts.id })
        .from(reminderCarts)
        .where(
          and(
            isNull(reminderCarts.remindedAt),
            isNull(reminderCarts.closedAt),
            lte(reminderCarts.changedAt, due),
            gte(reminderCarts.changedAt, staleBefore(at, hours)),
          ),
        )
        .orderBy(reminderCarts.id)
        .limit(limit)
        .all();
      const result: SweepResult = { sent: 0, skipped: 0 };
      const queued: number[] = [];
      for (const { id } of candidates) {
        const outboxId = writeTransaction(db, () => {
          const row = db
            .update(reminderCarts)
            .set({ remindedAt: atIso })
            .where(
              and(
                eq(reminderCarts.id, id),
                isNull(reminderCarts.remindedAt),
                isNull(reminderCarts.closedAt),
                lte(reminderCarts.changedAt, due),
              ),
            )
            .returning()
            .get();
          if (!row) return undefined;
          if (orderedSince(row)) {
            db.update(reminderCarts).set({ closedAt: atIso }).where(eq(reminderCarts.id, id)).run();
            return null;
          }
          if (isOptedOut(row.email) || remindedLately(row, at)) return null;
          const content = reminderFor(row, at);
          if (!content) return null;
          const messageId = deps.mail.enqueue({ to: row.email, kind: CART_REMINDER_MAIL_KIND, ...content });
          db.update(reminderCarts).set({ outboxId: messageId }).where(eq(reminderCarts.id, id)).run();
          return messageId;
        });
        if (outboxId === undefined) continue;
        if (outboxId === null) result.skipped++;
        else {
          result.sent++;
          queued.push(outboxId);
        }
      }
      for (const messageId of queued) await deps.mail.deliver(messageId);
      return result;
    },

    /** The cart a reminder's link brings back (for RESTORE_LINK_DAYS after sending); null for a bad or old link. */
    restore(token: unknown): CartLine[] | null {
      const row = byToken(token, RESTORE_LINK_DAYS);
      const cart = row ? decodeCart(row.contents) : null;
      return cart && cart.lines.length > 0 ? cart.lines : null;
    },

    /** Whose reminders a stop link would stop (shown to its holder, the mailbox's owner). */
    stopTarget(token: unknown): { email: string } | null {
      const row = byToken(token, null);
      return row ? { email: row.email } : null;
    },

    /** Stops every cart reminder to the address the link was sent to. Throws ValidationError for a bad link. */
    stop(token: unknown): { email: string } {
      const row = byToken(token, null);
      if (!row) throw new ValidationError(INVALID_REMINDER_LINK);
      db.insert(cartReminderOptOuts).values({ email: row.email }).onConflictDoNothing().run();
      return { email: row.email };
    },

    isOptedOut: (email: string) => isOptedOut(normalise(email)),

    /**
     * For the dashboard: reminders sent since `from`, and how many led to an order, meaning a paid order (not
     * cancelled or wholly refunded) by the same address or account within ATTRIBUTION_DAYS after the reminder.
     */
    stats(from: string): { sent: number; ledToOrder: number } {
      const sentSince = and(isNotNull(reminderCarts.outboxId), gte(reminderCarts.remindedAt, from));
      const sent = db.select({ n: count() }).from(reminderCarts).where(sentSince).get()?.n ?? 0;
      const ordered = sql`exists (select 1 from ${orders} where (${orders.email} = ${reminderCarts.email} or ${orders.userId} = ${reminderCarts.userId})
        and ${orders.createdAt} >= ${reminderCarts.remindedAt}
        and ${orders.createdAt} <= strftime('%Y-%m-%dT%H:%M:%fZ', ${reminderCarts.remindedAt}, '+${sql.raw(String(ATTRIBUTION_DAYS))} days')
        and ${inArray(orders.status, [...REVENUE_STATUSES])})`;
      const ledToOrder = db.select({ n: count() }).from(reminderCarts).where(and(sentSince, ordered)).get()?.n ?? 0;
      return { sent, ledToOrder };
    },
  };
}

export type CartRemindersService = ReturnType<typeof createCartRemindersService>;
