/**
 * The return forms' fields, one schema each for the page, its action and the service: a guest's look-up (order
 * number and e-mail) and the return request itself (lines and quantities, reason, note, refund method). Photos are
 * files and are checked by the photo rules (app/domain/catalogue/copy-photos.ts), not here.
 */
import { z } from "../shared/zod";
import { REFUND_METHODS, RETURN_REASONS } from "./return-reasons";

/** A return's photos: at most four, each held to the back office's photo limits. */
export const MAX_RETURN_PHOTOS = 4;
export const MAX_RETURN_NOTE = 1000;
/** More lines than any order has: a bound on the work one post can ask for. */
const MAX_FORM_LINES = 100;

export const RETURN_NUMBER_PATTERN = /^RT-[A-Z2-7]{8}$/;
const ORDER_NUMBER_PATTERN = /^ND-[A-Z0-9-]{1,40}$/;

export const orderNumberSchema = z
  .string({ error: "Enter your order number" })
  .trim()
  .toUpperCase()
  .min(1, "Enter your order number")
  .max(44, "That is not an order number")
  .regex(ORDER_NUMBER_PATTERN, "Order numbers start with ND-, as in your order confirmation");

export const returnLookupSchema = z.object({
  orderNumber: orderNumberSchema,
  email: z
    .string({ error: "Enter the e-mail address the order was placed with" })
    .trim()
    .toLowerCase()
    .min(3, "Enter the e-mail address the order was placed with")
    .max(254, "That e-mail address is too long")
    .email("Enter a valid e-mail address"),
});
export type ReturnLookup = z.output<typeof returnLookupSchema>;

const returnLineSchema = z.object({
  lineId: z.coerce.number({ error: "Unknown record" }).int().positive(),
  quantity: z.coerce.number({ error: "Choose a quantity" }).int("Choose a quantity").min(0).max(999).default(0),
  sealed: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true" || v === "yes"),
});

export const returnRequestSchema = z.object({
  orderNumber: orderNumberSchema,
  reason: z.enum(RETURN_REASONS, { error: "Choose why you are sending it back" }),
  note: z.string().trim().max(MAX_RETURN_NOTE, `Keep the note to ${MAX_RETURN_NOTE} characters`).optional(),
  refundMethod: z.enum(REFUND_METHODS, { error: "Choose how you want your money back" }).default("original_payment"),
  lines: z
    .array(returnLineSchema)
    .max(MAX_FORM_LINES)
    .default([])
    .transform((lines) => lines.filter((l) => l.quantity > 0))
    .refine((lines) => lines.length > 0, "Choose at least one record to return")
    .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, "Choose each record once"),
});
export type ReturnRequest = z.output<typeof returnRequestSchema>;
