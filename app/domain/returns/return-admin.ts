/**
 * The back office's returns queue: its tabs, and one schema per form (approve, refuse, received, inspect a line,
 * refund), the same for the page's action and the service.
 */
import { isIsoDate } from "~/domain/shared/dates";
import { GRADES, readGrade } from "~/domain/catalogue/grades";
import { usedCopySchema } from "~/domain/catalogue/used-copy-schema";
import { z } from "~/domain/shared/zod";
import {
  REFUND_METHODS,
  RETURN_LINE_OUTCOMES,
  RETURN_STATUSES,
  type ReturnLineOutcome,
  type ReturnStatus,
} from "./return-reasons";

/** A return's number as the shopper and the label have it, e.g. "RT-7K2M9QXA" (any case typed). */
export const returnNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^RT-[A-Z0-9]{4,16}$/, "not a return number");

export const returnNumberParamsSchema = z.object({ returnNumber: returnNumberSchema });

/** The queue's tabs: the open returns (default), one per status, or all of them. */
export const RETURN_TABS = ["open", "requested", "approved", "received", "refunded", "refused", "all"] as const;
export type ReturnTab = (typeof RETURN_TABS)[number];
export const RETURN_TAB_LABELS: Record<ReturnTab, string> = {
  open: "Open",
  requested: "To decide",
  approved: "On their way",
  received: "To inspect and refund",
  refunded: "Refunded",
  refused: "Refused",
  all: "All",
};
/** What each tab lists. */
export const TAB_STATUSES: Record<ReturnTab, readonly ReturnStatus[]> = {
  open: ["requested", "approved", "received"],
  requested: ["requested"],
  approved: ["approved"],
  received: ["received"],
  refunded: ["refunded"],
  refused: ["refused"],
  all: RETURN_STATUSES,
};
/** Returns waiting for the shop (counted in the navigation): to decide, or back in the shop to inspect and refund. */
export const WAITING_STATUSES: readonly ReturnStatus[] = ["requested", "received"];

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const returnListQuerySchema = z.object({
  tab: z.preprocess(blank, z.enum(RETURN_TABS).optional().default("open")).catch("open"),
});

export const refuseReturnSchema = z.object({
  reason: z
    .string({ error: "Say why the return is refused" })
    .trim()
    .min(3, "Say why the return is refused")
    .max(500, "Keep the reason under 500 characters"),
});

export const receiveReturnSchema = z.object({
  receivedOn: z
    .string({ error: "Enter the day the parcel arrived" })
    .trim()
    .refine(isIsoDate, "Enter the day the parcel arrived"),
});

const gradeField = z.preprocess((v) => readGrade(v) ?? blank(v), z.enum(GRADES).optional());

/**
 * One line inspected: back into stock as new, into used stock (grades and a price for the new used copy), or
 * written off (a note says why).
 */
export const inspectLineSchema = z
  .object({
    lineId: z.coerce.number().int().positive(),
    outcome: z.enum(RETURN_LINE_OUTCOMES, { error: "Choose what happens to it" }),
    mediaGrade: gradeField,
    sleeveGrade: gradeField,
    price: z.preprocess(blank, z.string().max(20).optional()),
    note: z.preprocess(blank, z.string().trim().max(300, "Keep the note under 300 characters").optional()),
  })
  .superRefine((v, ctx) => {
    if (v.outcome !== "used") return;
    const copy = usedCopySchema.safeParse({ price: v.price ?? "", mediaGrade: v.mediaGrade, sleeveGrade: v.sleeveGrade });
    if (copy.success) return;
    for (const issue of copy.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .transform((v): InspectLine => {
    if (v.outcome !== "used") return { lineId: v.lineId, outcome: v.outcome, note: v.note };
    const copy = usedCopySchema.parse({ price: v.price, mediaGrade: v.mediaGrade, sleeveGrade: v.sleeveGrade });
    return { lineId: v.lineId, outcome: "used", note: v.note, copy };
  });

export type InspectLine =
  | { lineId: number; outcome: Exclude<ReturnLineOutcome, "used">; note?: string }
  | { lineId: number; outcome: "used"; note?: string; copy: z.output<typeof usedCopySchema> };

/** The refund: to the original payment or as store credit (the shopper's choice is offered first). */
export const refundReturnSchema = z.object({
  method: z.enum(REFUND_METHODS, { error: "Choose how the money goes back" }),
});

export const RETURN_OUTCOME_LABELS: Record<ReturnLineOutcome, string> = {
  restock: "Back into stock as new",
  used: "Into used stock (graded)",
  write_off: "Written off",
};

export const REFUND_METHOD_LABELS = {
  original_payment: "To the original payment",
  store_credit: "As store credit",
} as const;
