/**
 * Buying a gift voucher, as the API (REST and tRPC), the OpenAPI document and the /gift-vouchers form take it. The
 * form picks the amount with buttons and a pounds field; `voucherFormSchema` turns that into this request.
 */
import { cardSchema, emailSchema, idempotencyKeySchema, type ProviderKind } from "~/domain/checkout/checkout-schemas";
import { z } from "~/domain/shared/zod";
import {
  AMOUNT_RANGE_MESSAGE,
  AMOUNT_WHOLE_MESSAGE,
  amountProblem,
  MESSAGE_MAX,
  RECIPIENT_NAME_MAX,
  sendDateProblem,
  VOUCHER_DELIVERIES,
  VOUCHER_MAX_PENCE,
  VOUCHER_MIN_PENCE,
  VOUCHER_PRESETS_PENCE,
} from "./voucher-purchase";

/** Blank, missing or null is none; anything else must pass `schema`. */
const optional = <S extends z.ZodType<unknown, string>>(schema: S) =>
  z
    .string()
    .nullish()
    .transform((v) => (v?.trim() ? v : undefined))
    .pipe(schema.optional())
    .transform((v) => v ?? null);

const amountPenceSchema = z
  .number({ error: AMOUNT_RANGE_MESSAGE })
  .int(AMOUNT_RANGE_MESSAGE)
  .min(VOUCHER_MIN_PENCE, AMOUNT_RANGE_MESSAGE)
  .max(VOUCHER_MAX_PENCE, AMOUNT_RANGE_MESSAGE)
  .multipleOf(100, AMOUNT_WHOLE_MESSAGE)
  .describe(`In pence: ${VOUCHER_PRESETS_PENCE.join(", ")}, or any whole number of pounds from £5 to £250`);

const NAME_MESSAGE = "Please enter the name of the person it is for";

const fields = {
  amountPence: amountPenceSchema,
  email: emailSchema.describe("The buyer's address: the receipt is sent here"),
  delivery: z
    .enum(VOUCHER_DELIVERIES, { error: "Please choose how the voucher is given" })
    .optional()
    .describe(
      '"email": mailed to the recipient on sendOn; "print": shown once to the buyer to print. Default: "email" when recipientEmail is given',
    ),
  recipientName: optional(
    z.string().trim().max(RECIPIENT_NAME_MAX, `Please keep the name under ${RECIPIENT_NAME_MAX} characters`),
  ),
  recipientEmail: optional(emailSchema),
  message: optional(z.string().trim().max(MESSAGE_MAX, `Please keep the message under ${MESSAGE_MAX} characters`)),
  sendOn: optional(z.string().trim()).describe("YYYY-MM-DD (London): from today to a year ahead. Default: today"),
  idempotencyKey: idempotencyKeySchema,
  card: z
    .object({ cardNumber: z.string(), cardExpiry: z.string(), cardCvc: z.string() })
    .optional()
    .describe("With the offline test-card provider: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined"),
};

type Fields = z.output<z.ZodObject<typeof fields>>;

/** The delivery a request means, and what an e-mailed voucher must have. */
function resolved(v: Fields, ctx: z.core.$RefinementCtx) {
  const delivery = v.delivery ?? (v.recipientEmail ? "email" : "print");
  if (delivery === "email") {
    if (!v.recipientName) ctx.addIssue({ code: "custom", path: ["recipientName"], message: NAME_MESSAGE });
    if (!v.recipientEmail)
      ctx.addIssue({ code: "custom", path: ["recipientEmail"], message: "Please enter the address to send it to" });
    if (!v.sendOn) ctx.addIssue({ code: "custom", path: ["sendOn"], message: "Please choose the day to send it" });
  }
  return {
    ...v,
    delivery,
    recipientEmail: delivery === "email" ? v.recipientEmail : null,
    sendOn: delivery === "email" ? v.sendOn : null,
  };
}

export const voucherPurchaseSchema = z.object(fields).transform(resolved);
export type VoucherPurchaseRequest = z.output<typeof voucherPurchaseSchema>;

/** Whole pounds typed in the form's "Another amount" box. */
const poundsSchema = z.coerce.number({ error: AMOUNT_RANGE_MESSAGE });

const noCard = { cardNumber: z.string().optional(), cardExpiry: z.string().optional(), cardCvc: z.string().optional() };

/**
 * The /gift-vouchers form: `amountChoice` is a preset's pence or "custom" (then `customPounds`), the card fields are
 * the checkout's when the shop takes the card on its page, and the day to send is checked against `today`, so the
 * browser and the action refuse the same things in the same words.
 */
export function voucherFormSchema(today: string, provider: ProviderKind = "redirect") {
  const { amountPence: _amount, card: _card, ...rest } = fields;
  return z
    .object({
      // Missing with pounds typed: the "Another amount" button was not pressed, but the amount says it all.
      amountChoice: z.string().optional(),
      customPounds: z.string().trim().optional(),
      ...rest,
      delivery: z.enum(VOUCHER_DELIVERIES, { error: "Please choose how the voucher is given" }),
      // Typed as the optional fields either way: the card form's checks only make them required.
      ...((provider === "card-form" ? cardSchema(today).shape : noCard) as typeof noCard),
    })
    .transform((v, ctx) => {
      const custom = v.amountChoice === "custom" || (!v.amountChoice && !!v.customPounds);
      const pence = custom ? Math.round(poundsSchema.catch(Number.NaN).parse(v.customPounds) * 100) : Number(v.amountChoice);
      const problem = v.amountChoice || custom ? amountProblem(pence) : "Please choose an amount.";
      if (problem) ctx.addIssue({ code: "custom", path: [custom ? "customPounds" : "amountChoice"], message: problem });
      const { cardNumber, cardExpiry, cardCvc, ...details } = v;
      const card = cardNumber ? { cardNumber, cardExpiry: cardExpiry ?? "", cardCvc: cardCvc ?? "" } : undefined;
      const out = resolved({ ...details, amountPence: pence, card }, ctx);
      const dateProblem = out.sendOn && sendDateProblem(out.sendOn, today);
      if (dateProblem) ctx.addIssue({ code: "custom", path: ["sendOn"], message: dateProblem });
      return out;
    });
}

/** The balance check: the code as typed (spaces, hyphens and lower case are forgiven later). */
export const voucherBalanceQuerySchema = z.object({
  code: z
    .string({ error: "Please enter the voucher's code" })
    .trim()
    .min(1, "Please enter the voucher's code")
    .max(40, "That code does not match a gift voucher. Check it and try again.")
    .describe("The voucher's 16-character code, as printed or mailed (spaces and hyphens allowed)"),
});
