/**
 * The back office's "Limited sale" fields of a record: its per-customer limit, its on-sale time (London wall-clock
 * time in the form, a UTC instant once read), Record Store Day, drop, and when a pre-order of it is charged.
 */
import { flag } from "~/domain/catalogue/record-fields";
import { londonLocal, londonToUtc } from "~/domain/schedule/schedule";
import { z } from "~/domain/shared/zod";
import { RECORD_STORE_DAY_OPENING, respectsRecordStoreDayOpening } from "./on-sale";

export const MAX_LIMIT_PER_CUSTOMER = 99;

export const PRE_ORDER_CHARGES = ["at_order", "at_dispatch"] as const;
export type PreOrderCharge = (typeof PRE_ORDER_CHARGES)[number];

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const limit = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, `A limit is a whole number from 1 to ${MAX_LIMIT_PER_CUSTOMER}, or blank for none`)
    .transform(Number)
    .refine((n) => n >= 1, `A limit is a whole number from 1 to ${MAX_LIMIT_PER_CUSTOMER}, or blank for none`)
    .optional()
    .transform((v) => v ?? null),
);

/** `<input type="datetime-local">` sends "2026-04-18T08:00" (seconds may follow). */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/;

const onSaleAt = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const match = LOCAL_DATE_TIME.exec(v);
      const instant = match ? londonToUtc(match[1]!, match[2]!) : null;
      if (instant === null) {
        ctx.addIssue({ code: "custom", message: "Enter a London date and time, such as 2026-04-18 08:00" });
        return z.NEVER;
      }
      return instant;
    })
    .optional()
    .transform((v) => v ?? null),
);

const preOrderCharge = z.preprocess(
  blankToUndefined,
  z
    .enum(PRE_ORDER_CHARGES, { error: "Choose when a pre-order is charged" })
    .optional()
    .transform((v) => v ?? null),
);

export const limitedSaleSchema = z
  .object({
    limitPerCustomer: limit,
    onSaleAt,
    recordStoreDay: flag,
    isDrop: flag,
    preOrderCharge,
  })
  .superRefine((v, ctx) => {
    if (v.recordStoreDay) {
      if (v.onSaleAt === null) {
        ctx.addIssue({ code: "custom", path: ["onSaleAt"], message: "A Record Store Day title needs its on-sale time" });
      } else if (!respectsRecordStoreDayOpening(v.onSaleAt)) {
        ctx.addIssue({
          code: "custom",
          path: ["onSaleAt"],
          message: `Record Store Day titles go on sale at ${RECORD_STORE_DAY_OPENING} on the day at the earliest`,
        });
      }
    }
    if (v.isDrop) {
      if (v.onSaleAt === null) {
        ctx.addIssue({ code: "custom", path: ["onSaleAt"], message: "A drop needs an on-sale time" });
      }
      if (v.limitPerCustomer === null) {
        ctx.addIssue({ code: "custom", path: ["limitPerCustomer"], message: "A drop needs a limit per customer" });
      }
    }
  });

export type LimitedSale = z.output<typeof limitedSaleSchema>;

/** The form's values for a record's stored limited sale (its on-sale time in London's wall-clock time). */
export function limitedSaleFormValues(sale: LimitedSale): Record<string, string> {
  const local = sale.onSaleAt ? londonLocal(sale.onSaleAt) : null;
  return {
    limitPerCustomer: sale.limitPerCustomer === null ? "" : String(sale.limitPerCustomer),
    onSaleAt: local ? `${local.date}T${local.time}` : "",
    recordStoreDay: sale.recordStoreDay ? "on" : "",
    isDrop: sale.isDrop ? "on" : "",
    preOrderCharge: sale.preOrderCharge ?? "",
  };
}
