/**
 * Gift vouchers and store credit as the back office and the customer's profile see them (docs/decisions/0076): the
 * word for where a voucher stands today, what staff may do with it, the list's filters as the address carries them,
 * and the forms that cancel, resend and give goodwill credit. One schema per form, shared by the pages and the service.
 */
import { emailSchema } from "~/domain/accounts/auth-schemas";
import { parsePriceToPence } from "~/domain/shared/money";
import { z } from "~/domain/shared/zod";
import type { VoucherState } from "./voucher-rules";

/** Where a voucher stands today, in the back office's words. */
export const VOUCHER_STANDINGS = ["active", "spent", "expired", "cancelled", "awaiting_payment"] as const;
export type VoucherStanding = (typeof VOUCHER_STANDINGS)[number];

export const VOUCHER_STANDING_WORDS: Record<VoucherStanding, string> = {
  active: "Active",
  spent: "Spent",
  expired: "Expired",
  cancelled: "Cancelled",
  awaiting_payment: "Awaiting payment",
};

/**
 * The one word for a voucher today (`today` a London YYYY-MM-DD). Cancelled and unpaid come first (nothing else
 * about them matters); a voucher spent to nothing is "spent" even once its date has passed, so "expired" always
 * means money was left on it (what the shop keeps).
 */
export function voucherStanding(voucher: VoucherState, today: string): VoucherStanding {
  if (voucher.status === "cancelled") return "cancelled";
  if (voucher.status === "pending_payment") return "awaiting_payment";
  if (voucher.balancePence <= 0) return "spent";
  if (voucher.expiresOn < today) return "expired";
  return "active";
}

export const VOUCHER_KIND_WORDS = { gift: "Gift voucher", store_credit: "Store credit" } as const;
export type VoucherKind = keyof typeof VOUCHER_KIND_WORDS;

/**
 * What staff may do with a voucher that stands so: cancel one with money left on it (spendable or past its date);
 * resend the code of one that can still be spent. An unpaid voucher is settled by its order, not here.
 */
export function voucherMoves(standing: VoucherStanding): { cancel: boolean; resend: boolean } {
  return { cancel: standing === "active" || standing === "expired", resend: standing === "active" };
}

export const CANCEL_REFUSALS: Record<Exclude<VoucherStanding, "active" | "expired">, string> = {
  cancelled: "This voucher is already cancelled.",
  spent: "This voucher has been spent in full: there is nothing left to cancel.",
  awaiting_payment: "This voucher has not been paid for: cancel its order instead.",
};

export const RESEND_REFUSALS: Record<Exclude<VoucherStanding, "active">, string> = {
  cancelled: "A cancelled voucher's code is not sent again.",
  spent: "This voucher has been spent in full: there is no code worth sending.",
  expired: "This voucher has expired: its code can no longer be spent.",
  awaiting_payment: "This voucher has not been paid for yet: its code goes out once it is.",
};

/** The words for each balance movement on a voucher's page. */
export const VOUCHER_MOVEMENT_WORDS = {
  issued: "Issued",
  spent: "Spent",
  restored: "Given back",
  cancelled: "Cancelled",
} as const;

/** The address a voucher's code mail goes to: a gift's recipient (or its buyer); store credit's customer. */
export function voucherMailAddress(v: {
  kind: VoucherKind;
  userEmail: string | null;
  recipientEmail: string | null;
  buyerEmail: string | null;
}): string | null {
  if (v.kind === "gift") return v.recipientEmail ?? v.buyerEmail;
  return v.userEmail ?? v.recipientEmail ?? v.buyerEmail;
}

/** Who a voucher is for, as the list shows it: the recipient, the customer, else the buyer. */
export function voucherHolder(v: {
  kind: VoucherKind;
  userEmail: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  buyerEmail: string | null;
}): { name: string | null; email: string | null; role: "recipient" | "customer" | "buyer" | null } {
  if (v.kind === "store_credit" && v.userEmail) return { name: null, email: v.userEmail, role: "customer" };
  if (v.recipientEmail || v.recipientName) return { name: v.recipientName, email: v.recipientEmail, role: "recipient" };
  if (v.buyerEmail) return { name: null, email: v.buyerEmail, role: v.kind === "gift" ? "buyer" : "customer" };
  return { name: null, email: null, role: null };
}

export const VOUCHER_PAGE_SIZE = 25;

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The list's filters, search and page, every field optional. */
export const voucherListQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(VOUCHER_STANDINGS, { error: "Choose a status from the list" }).optional()),
  kind: z.preprocess(blank, z.enum(["gift", "store_credit"], { error: "Choose a kind from the list" }).optional()),
  q: z.preprocess(blank, z.string().trim().max(100, "Keep the search under 100 characters").optional()),
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: "A page is a whole number" })
      .int("A page is a whole number")
      .min(1, "A page is a whole number")
      .max(100_000)
      .optional()
      .default(1),
  ),
});
export type VoucherListQuery = z.output<typeof voucherListQuerySchema>;

/** "?status=…&kind=…&q=…&page=…" with what is unset left out. */
export function voucherListSearch(query: Partial<VoucherListQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.kind) params.set("kind", query.kind);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A voucher page's address parameter. */
export const voucherIdSchema = z.object({ voucherId: z.coerce.number().int().positive().max(2_147_483_647) });

const reason = z
  .string({ error: "Give a reason" })
  .trim()
  .min(3, "Give a reason (a few words)")
  .max(500, "Keep the reason under 500 characters");

export const cancelVoucherSchema = z.object({ reason });
export const resendVoucherSchema = z.object({});

/** Goodwill credit: from £1 to £250, to the penny (it often makes good a postage cost or a price difference). */
export const GOODWILL_MIN_PENCE = 100;
export const GOODWILL_MAX_PENCE = 25_000;

export const goodwillCreditSchema = z.object({
  email: emailSchema.transform((e) => e.toLowerCase()),
  amount: z
    .string({ error: "Enter an amount, like 12.50" })
    .trim()
    .regex(/^£?\d{1,6}(\.\d{1,2})?$/, "Enter an amount, like 12.50")
    .transform((v) => parsePriceToPence(v.replace(/^£/, "")))
    .refine((p) => p >= GOODWILL_MIN_PENCE && p <= GOODWILL_MAX_PENCE, "Store credit is from £1.00 to £250.00"),
  reason,
});
export type GoodwillCreditInput = z.output<typeof goodwillCreditSchema>;
