/**
 * Cart reminder rules (see docs/decisions, cart reminders): who gets one, when, and how often. Pure values and
 * functions; the service applies them to the database.
 */
import { z } from "~/domain/shared/zod";

/** The reminder is due this long after the cart's last change, unless CART_REMINDER_HOURS says otherwise. */
export const DEFAULT_REMINDER_HOURS = 24;
/** However many carts an address fills, it gets at most one reminder in this many days. */
export const REMINDER_GAP_DAYS = 7;
/** A reminder "led to an order" when the same shopper ordered within this many days after it was sent. */
export const ATTRIBUTION_DAYS = 7;
/** The links in a reminder restore the cart for this long after it was sent; opting out works for good. */
export const RESTORE_LINK_DAYS = 30;
/** A cart whose reminder was not sent within this many days of being due is too old to mention. */
export const STALE_AFTER_DAYS = 7;

/** The cookie that ties a guest's browser to its remembered cart: a random key, stored hashed. */
export const CART_KEY_COOKIE = "needledrop-cart-key";
export const CART_KEY_PATTERN = /^[a-z2-7]{32}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The newest last-change time that makes a cart due at `now`. */
export function dueBefore(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * 60 * 60 * 1000).toISOString();
}

/** The oldest last-change time still worth a reminder at `now` (older carts are left alone). */
export function staleBefore(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * 60 * 60 * 1000 - STALE_AFTER_DAYS * DAY_MS).toISOString();
}

export const daysBefore = (at: Date | string, days: number) => new Date(new Date(at).getTime() - days * DAY_MS).toISOString();
export const daysAfter = (at: Date | string, days: number) => new Date(new Date(at).getTime() + days * DAY_MS).toISOString();

/** The link token of a reminder (restore the cart, stop reminders), as it arrives in a query string or form. */
export const reminderTokenSchema = z
  .string()
  .trim()
  .regex(/^[a-z2-7]{32}$/, "This link is not valid. Please use the link from your most recent e-mail.");

export const INVALID_REMINDER_LINK = "This link is not valid. Please use the link from your most recent e-mail.";

/** CART_REMINDER_HOURS: whole or fractional hours, from a minute to 30 days. */
export const reminderHoursSchema = z.coerce
  .number()
  .min(1 / 60)
  .max(30 * 24);
