/**
 * The checkout form, shared by the page (Conform: native constraints + the same messages in the browser)
 * and the server (the action and the tRPC procedure parse with it before anything is placed).
 */
import { cardDigits, expiryIsValid, passesLuhn } from "./card";
import { cartLinesSchema } from "~/domain/cart/cart-lines";
import { optionalDiscountCodeSchema } from "~/domain/cart/discount-code";
import { UNITED_KINGDOM } from "~/domain/international/countries";
import { countryCodeSchema } from "~/domain/international/country-schema";
import { checkPostcode } from "~/domain/international/postcodes";
import { DELIVERY_SERVICE_KEYS } from "~/domain/international/delivery-services";
import { expectedTotalPenceSchema } from "./price-quote";
import { z } from "~/domain/shared/zod";
import { normaliseVoucherCode } from "~/domain/vouchers/voucher-code";
import { voucherCodesSchema } from "~/domain/vouchers/voucher-codes";

/** Where the shop delivers when nothing else is chosen. */
export const SHIPPING_COUNTRY = UNITED_KINGDOM.name;

const text = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

/** A phone number as people type it: digits, spaces, +, brackets, dots and hyphens; 7 to 15 digits in it. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, "Please keep the phone number under 30 characters")
  .refine(
    (v) => v === "" || (/^[+()\d\s.-]+$/.test(v) && /^(?:\D*\d){7,15}\D*$/.test(v)),
    "Please enter a phone number, such as +353 1 234 5678",
  )
  .optional()
  .transform((v) => v || null);

/**
 * The delivery address's fields, for any country the shop delivers to (docs/decisions/0081): the country comes out
 * as its ISO code (its English name is read too), and a phone number may be given (required for a tracked service
 * abroad; the order service checks that, knowing the service). The postcode is checked against the country by
 * `postcodeForCountry` (with `countryAndPostcodeParsed`) and written in its standard form by `postcodeWritten`, which
 * every schema holding these fields adds.
 */
const addressFields = {
  name: text("Please enter the name to deliver to"),
  addressLine1: text("Please enter the first line of the address"),
  addressLine2: z.string().trim().max(100, "Please keep this under 100 characters").optional().default(""),
  city: text("Please enter the town or city", 60),
  postalCode: z.string().trim().max(40, "Please check the postcode").optional().default(""),
  country: countryCodeSchema,
  phone: phoneSchema,
};

type AddressPayload = { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] };
/** The postcode is checked once the country and the postcode themselves have parsed, whatever else is missing. */
const countryAndPostcodeParsed = ({ value, issues }: AddressPayload) =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { country?: unknown }).country === "string" &&
  typeof (value as { postalCode?: unknown }).postalCode === "string" &&
  !issues.some((i) => i.path?.[0] === "country" || i.path?.[0] === "postalCode");

/** The postcode in the form its country's rule asks for (a message beside the postcode field otherwise). */
export function postcodeForCountry(address: { postalCode: string; country: string }, ctx: z.RefinementCtx) {
  const postcode = checkPostcode(address.country, address.postalCode);
  if (!postcode.ok) ctx.addIssue({ code: "custom", message: postcode.message, path: ["postalCode"] });
}

/** The postcode written the way its country prints it ("sw1a1aa" → "SW1A 1AA", "1012ab" → "1012 AB"). */
function postcodeWritten<T extends { postalCode: string; country: string }>(address: T): T {
  const postcode = checkPostcode(address.country, address.postalCode);
  return postcode.ok ? { ...address, postalCode: postcode.postcode } : address;
}

export const shippingAddressSchema = z
  .object(addressFields)
  .superRefine(postcodeForCountry, { when: countryAndPostcodeParsed })
  .overwrite(postcodeWritten);

/** The delivery service a shopper picked (app/domain/international/delivery-services.ts), if any. */
export const deliveryServiceSchema = z
  .enum(DELIVERY_SERVICE_KEYS, { error: "Please choose a delivery service" })
  .optional()
  .describe("tracked_48 (UK, the default), tracked_24 (UK), intl_standard or intl_tracked (abroad)");

export const emailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address"));

/** An address typed in a form that may be refused for other reasons: the address if it reads as one, else none. */
export const typedEmailSchema = emailSchema.nullable().catch(null);

export const idempotencyKeySchema = z
  .string({ error: "This form has expired. Please reload the page." })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "This form has expired. Please reload the page.");

export function cardSchema(today: string) {
  return z.object({
    cardNumber: z
      .string({ error: "Please enter the card number" })
      .transform(cardDigits)
      .refine(passesLuhn, "Please check the card number"),
    cardExpiry: z
      .string({ error: "Please enter the expiry date as MM/YY" })
      .refine((v) => expiryIsValid(v, today), "Please enter an expiry date (MM/YY) that has not passed"),
    cardCvc: z
      .string({ error: "Please enter the 3 or 4 digit security code" })
      .trim()
      .regex(/^\d{3,4}$/, "Please enter the 3 or 4 digit security code"),
  });
}

/**
 * Contact and delivery details, the form's idempotency key, an optional discount code, gift voucher codes and the
 * total (and amount left for the card) the shopper agreed to (optional for an API client; see price-quote.ts).
 */
const orderDetailsSchema = z
  .object({
    email: emailSchema,
    ...addressFields,
    deliveryService: deliveryServiceSchema,
    discountCode: optionalDiscountCodeSchema,
    voucherCodes: voucherCodesSchema,
    idempotencyKey: idempotencyKeySchema,
    expectedTotalPence: expectedTotalPenceSchema
      .optional()
      .describe("The total shown to the buyer, in pence: when the order's total is different, nothing is placed (409)"),
    expectedAmountDuePence: expectedTotalPenceSchema
      .optional()
      .describe(
        "What the buyer was shown the card would pay after gift vouchers, in pence: when it comes out different (a voucher spent meanwhile), nothing is placed (409)",
      ),
  })
  .superRefine(postcodeForCountry, { when: countryAndPostcodeParsed })
  .overwrite(postcodeWritten);

/**
 * The checkout page's one code box, as shoppers expect from other shops: a discount code or a gift voucher code. A
 * code that reads as a voucher's (spaces, hyphens and lower case forgiven) comes out in its canonical form, which is
 * also a well-formed discount code; the page tells which it is by looking it up (see the checkout action).
 */
export const codeBoxSchema = z
  .string()
  .max(40, "That code isn't valid.")
  .optional()
  .transform((typed) => (typed ? (normaliseVoucherCode(typed) ?? typed) : typed))
  .pipe(optionalDiscountCodeSchema);

/** The checkout page's form always carries the total on its Pay button, and its code box takes voucher codes too. */
export const checkoutDetailsSchema = orderDetailsSchema.safeExtend({
  expectedTotalPence: expectedTotalPenceSchema,
  discountCode: codeBoxSchema,
});

/** The whole form when the shop takes the card on the page (the offline test provider). */
export function checkoutWithCardSchema(today: string) {
  return checkoutDetailsSchema.safeExtend(cardSchema(today).shape);
}

/** How the payment provider takes the money: a card form on the page, or its own hosted page. */
export type ProviderKind = "card-form" | "redirect";

/** The checkout form for the active provider: the card fields only when the card is taken on this page. */
export function checkoutSchemaFor(kind: ProviderKind, today: string) {
  return kind === "card-form" ? checkoutWithCardSchema(today) : checkoutDetailsSchema;
}

/** The checkout form as parsed: the details, and the card when the shop takes it on the page. */
export type CheckoutForm = z.output<typeof checkoutDetailsSchema> & Partial<z.output<ReturnType<typeof cardSchema>>>;

/** The submit button that re-prices the order with the typed discount code instead of paying. */
export const APPLY_INTENT = "apply";

/** Applying a code checks the code only (and reads the vouchers already applied): the rest may still be half filled. */
export const applyCodeSchema = z.object({ discountCode: codeBoxSchema, voucherCodes: voucherCodesSchema });

/** The button beside an applied gift voucher: takes it off the order (`remove-voucher-<its place in the list>`). */
export const REMOVE_VOUCHER_INTENT = "remove-voucher";
export const removeVoucherIntent = (index: number) => `${REMOVE_VOUCHER_INTENT}-${index}`;

/**
 * Placing an order through the API (REST and tRPC): the details, the lines and, when the shop takes the card
 * itself, the card; the checkout service checks the card with cardSchema because only it knows the provider.
 */
export const placeOrderSchema = orderDetailsSchema.safeExtend({
  lines: cartLinesSchema.min(1, "Your cart is empty."),
  card: z
    .object({ cardNumber: z.string(), cardExpiry: z.string(), cardCvc: z.string() })
    .optional()
    .describe("With the offline test-card provider: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined"),
});

export type PlaceOrderRequest = z.output<typeof placeOrderSchema>;
