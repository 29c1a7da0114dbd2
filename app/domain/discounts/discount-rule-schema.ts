/**
 * The back office's discount-code form: one schema for the `/marketing-tools` form action, the discounts
 * service and the `admin.discounts.*` procedures. Money is typed in pounds and leaves as pence; dates are
 * London days (a code runs from the start of its first day to the end of its last).
 */
import { poundsTextToPence } from "~/domain/catalogue/record-fields";
import { addDays, isIsoDate } from "~/domain/shared/dates";
import { londonLocal, londonToUtc } from "~/domain/schedule/schedule";
import { z } from "~/domain/shared/zod";
import { DISCOUNT_KINDS, type DiscountKind } from "./discount-rule";

export const RULE_CODE = /^[A-Z0-9-]{3,32}$/;
export const MAX_RULE_NAME = 80;
/** The largest fixed amount or minimum spend, in pence (£9,999.99). */
export const MAX_RULE_PENCE = 999_999;
export const MAX_RULE_USES = 1_000_000;

export const RULE_MESSAGES = {
  code: "Codes are 3 to 32 letters, numbers or hyphens, such as SPRING-10.",
  name: "Describe the code in a few words, for the back office.",
  nameLong: `Keep the description under ${MAX_RULE_NAME} characters.`,
  kind: "Choose a percentage or a fixed amount.",
  percent: "A percentage is a whole number from 1 to 100.",
  fixed: "Enter the amount off in pounds, from £0.01 to £9,999.99, such as 5.00.",
  minSpend: "Enter the minimum spend in pounds, such as 20.00, or leave it empty.",
  date: "Enter dates as day, month and year.",
  endBeforeStart: "The last day must not be before the first day.",
  uses: `Limits are whole numbers from 1 to ${MAX_RULE_USES.toLocaleString("en-GB")}, or empty for no limit.`,
  taken: "That code is already taken. Choose another.",
} as const;

/** Empty text, null and undefined are all "not given". */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const text = (v: unknown) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "");

const optionalLimit = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: RULE_MESSAGES.uses })
    .int(RULE_MESSAGES.uses)
    .min(1, RULE_MESSAGES.uses)
    .max(MAX_RULE_USES, RULE_MESSAGES.uses)
    .nullable(),
);

const optionalDay = z.preprocess(
  (v) => (blank(v) ? null : text(v)),
  z
    .string()
    .refine((d) => isIsoDate(d), RULE_MESSAGES.date)
    .nullable(),
);

/** Everything but the code (which cannot change once made: the newsletter's mail and subscribers hold it). */
const ruleFields = z.object({
  name: z.preprocess((v) => text(v), z.string().min(1, RULE_MESSAGES.name).max(MAX_RULE_NAME, RULE_MESSAGES.nameLong)),
  kind: z.enum(DISCOUNT_KINDS, { error: RULE_MESSAGES.kind }),
  amount: z.preprocess((v) => text(v), z.string()),
  // Left out (an API call) is the same as empty (a form): no minimum, no dates, no limits, any order.
  minSpend: z.preprocess((v) => text(v), z.string()).optional(),
  startsOn: optionalDay.optional(),
  endsOn: optionalDay.optional(),
  maxRedemptions: optionalLimit.optional(),
  perCustomerLimit: optionalLimit.optional(),
  firstOrderOnly: z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean()).optional(),
});

export interface DiscountRuleInput {
  name: string;
  kind: DiscountKind;
  amount: number;
  minSpendPence: number;
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  perCustomerLimit: number | null;
  firstOrderOnly: boolean;
}

function toRule(v: z.output<typeof ruleFields>, ctx: z.RefinementCtx): DiscountRuleInput {
  let amount = 0;
  if (v.kind === "percent") {
    amount = /^\d{1,3}$/.test(v.amount.replace(/%$/, "")) ? Number(v.amount.replace(/%$/, "")) : NaN;
    if (!(amount >= 1 && amount <= 100)) ctx.addIssue({ code: "custom", path: ["amount"], message: RULE_MESSAGES.percent });
  } else {
    const pence = v.amount.length > 20 ? null : poundsTextToPence(v.amount);
    if (pence === null || pence < 1 || pence > MAX_RULE_PENCE)
      ctx.addIssue({ code: "custom", path: ["amount"], message: RULE_MESSAGES.fixed });
    else amount = pence;
  }
  let minSpendPence = 0;
  const minSpend = v.minSpend ?? "";
  if (minSpend !== "") {
    const pence = minSpend.length > 20 ? null : poundsTextToPence(minSpend);
    if (pence === null || pence > MAX_RULE_PENCE)
      ctx.addIssue({ code: "custom", path: ["minSpend"], message: RULE_MESSAGES.minSpend });
    else minSpendPence = pence;
  }
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn)
    ctx.addIssue({ code: "custom", path: ["endsOn"], message: RULE_MESSAGES.endBeforeStart });
  return {
    name: v.name,
    kind: v.kind,
    amount,
    minSpendPence,
    // From London midnight of the first day, until London midnight after the last.
    startsAt: v.startsOn ? londonToUtc(v.startsOn, "00:00") : null,
    endsAt: v.endsOn ? londonToUtc(addDays(v.endsOn, 1), "00:00") : null,
    maxRedemptions: v.maxRedemptions ?? null,
    perCustomerLimit: v.perCustomerLimit ?? null,
    firstOrderOnly: v.firstOrderOnly ?? false,
  };
}

const codeField = z.preprocess((v) => text(v).toUpperCase(), z.string().regex(RULE_CODE, RULE_MESSAGES.code));
const idField = z.coerce.number({ error: "Choose a code." }).int().positive("Choose a code.");

/** A new code: the form's "Create" and `admin.discounts.create`. */
export const createDiscountRuleSchema = ruleFields
  .extend({ code: codeField })
  .transform((v, ctx) => ({ code: v.code, ...toRule(v, ctx) }));
export type CreateDiscountRuleInput = z.output<typeof createDiscountRuleSchema>;

/** Changing a code's rule: the edit form and `admin.discounts.update`. */
export const updateDiscountRuleSchema = ruleFields
  .extend({ id: idField })
  .transform((v, ctx) => ({ id: v.id, rule: toRule(v, ctx) }));
export type UpdateDiscountRuleInput = z.output<typeof updateDiscountRuleSchema>;

/** Switching a code off (or on again): `admin.discounts.setActive` and the table's buttons. */
export const setDiscountActiveSchema = z.object({
  id: idField,
  active: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()),
});

/** The marketing tools page's address: `?edit=` names the code whose form is shown (anything else, none). */
export const discountPageQuerySchema = z.object({ edit: idField.max(999_999_999).optional().catch(undefined) });

/** A stored rule back as the form's text, for the edit form. */
export function ruleFormValues(rule: DiscountRuleInput): Record<string, string | boolean> {
  return {
    name: rule.name,
    kind: rule.kind,
    amount: rule.kind === "percent" ? String(rule.amount) : (rule.amount / 100).toFixed(2),
    minSpend: rule.minSpendPence > 0 ? (rule.minSpendPence / 100).toFixed(2) : "",
    startsOn: rule.startsAt ? londonLocal(rule.startsAt).date : "",
    // The last day is the London day before the end instant.
    endsOn: rule.endsAt ? londonLocal(new Date(Date.parse(rule.endsAt) - 1)).date : "",
    maxRedemptions: rule.maxRedemptions === null ? "" : String(rule.maxRedemptions),
    perCustomerLimit: rule.perCustomerLimit === null ? "" : String(rule.perCustomerLimit),
    firstOrderOnly: rule.firstOrderOnly,
  };
}
