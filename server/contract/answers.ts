/**
 * What every /api call answers (spec §7), as Zod schemas: the wire shapes REST and tRPC share and the mappers
 * that build them. The OpenAPI document (./openapi.ts) is generated from these and from the request schemas of
 * app/domain, and the contract test checks real answers against them. Answers are strict objects: an extra
 * field, such as a password hash or a payment reference, fails the contract.
 */
import { VAT_SCHEMES } from "../../app/domain/vat/vat-schemes";
import { z } from "zod";
import { CARE_CATEGORIES } from "../../app/domain/care/care-categories";
import { apiTrackSchema, toApiTrack } from "../../app/domain/catalogue/record-api";
import type { ChatLookupResult } from "../../app/domain/chat/catalogue-reply";
import { ORDER_STATUSES } from "../../app/domain/orders/order-status";
import { formatVoucherCode } from "../../app/domain/vouchers/voucher-code";
import type { CheckoutOutcome } from "../services/checkout";
import type { VoucherBalance, VoucherPurchase } from "../services/gift-vouchers";
import type { CustomerOrder } from "../../app/domain/orders/order-view";
import type { Recommendation } from "../services/recommendations";
import type { SessionUser } from "../services/sessions";

/** Compile-time equality: `true` only when A and B are the same type. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const id = z.number().int().positive();
const isoDate = z.string().describe("ISO date, YYYY-MM-DD");

// ---------------------------------------------------------------------------------------------------
// Shared shapes (spec §3); the track's is the domain's own (app/domain/catalogue/record-api.ts)
// ---------------------------------------------------------------------------------------------------

export { apiTrackSchema };

/** Mirrors SessionUser (server/services/sessions.ts): what the auth calls answer. Never a password or hash. */
export const apiUserSchema = z
  .strictObject({
    id,
    username: z.string(),
    email: z.string(),
    role: z.enum(["customer", "admin"]),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    country: z.string().nullable(),
    phone: z.string().nullable(),
    favoriteGenres: z.array(z.string()),
    createdAt: z.string(),
  })
  .describe("The signed-in user");
const userMatches: Equals<z.output<typeof apiUserSchema>, SessionUser> = true;
void userMatches;

/** Every error answer of /api (server/http/errors.ts sendError); validation failures add messages per field. */
export const apiErrorSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .describe("An error: the same text in error and message");

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const trackListSchema = z.array(apiTrackSchema);
export const featuredVinylSchema = apiTrackSchema.nullable().describe("Vinyl of the Day, or null when none qualifies");

export const artistSpotlightSchema = z
  .strictObject({
    artist: z.string(),
    bio: z.string(),
    tracks: trackListSchema,
  })
  .describe("Spec §3 artist spotlight: the artist, a bio and their featured release(s)");
export const artistSpotlightAnswerSchema = artistSpotlightSchema.nullable();

export const triviaItemSchema = z
  .strictObject({
    question: z.string(),
    options: z.array(z.string()).min(2),
    answer: z.number().int().nonnegative().describe("Index of the correct option"),
    explanation: z.string(),
  })
  .refine((t) => t.answer < t.options.length, {
    message: "answer must index one of the options",
    path: ["answer"],
  });
export const triviaListSchema = z.array(triviaItemSchema);

export const genreCountsSchema = z.record(z.string().min(1), z.number().int().positive()).describe("Visible records per genre");
export const genreListSchema = z
  .array(z.string().min(1))
  .refine((list) => list.every((g, i) => i === 0 || list[i - 1]!.localeCompare(g, "en-GB") < 0), "alphabetical, no repeats")
  .describe("Genres that have records, alphabetical (the newsletter's select)");

export const recommendationSchema = apiTrackSchema
  .extend({
    reason: z.string().min(1).describe('Why it is suggested, e.g. "Because you played Blue Train"'),
  })
  .describe("A recommended record with its reason");
export const recommendationListSchema = z.array(recommendationSchema);
export type ApiRecommendation = z.output<typeof recommendationSchema>;

/** The spec's track shape plus why it is suggested: what REST and tRPC both answer. */
export function toApiRecommendation(r: Recommendation, today: string): ApiRecommendation {
  return { ...toApiTrack(r, today), reason: r.reason };
}

export const logoutAnswerSchema = z.strictObject({ ok: z.literal(true) });
/** POST /api/login for an account with a second factor: the password was right, a code is still needed. */
export const twoFactorRequiredSchema = z
  .strictObject({ twoFactorRequired: z.literal(true) })
  .describe("The password was right; send a code to POST /api/login/two-factor with the session cookie set now");
export const loginAnswerSchema = z.union([apiUserSchema, twoFactorRequiredSchema]).describe("The user, or a code still needed");
export const messageAnswerSchema = z.object({ message: z.string() });

export const searchResultSchema = z
  .strictObject({ id, title: z.string(), artist: z.string(), coverUrl: z.string() })
  .describe("A search hit");
export const searchResultListSchema = z.array(searchResultSchema);

export const subscribeAnswerSchema = z
  .strictObject({
    message: z.string(),
    alreadySubscribed: z.boolean(),
    discountCode: z.string().nullable().describe("Only for the browser that subscribed, or the signed-in owner"),
    subscriber: z.strictObject({ email: z.string(), favoriteGenre: z.string().nullable(), discountCode: z.string().nullable() }),
  })
  .describe("Spec §7: the client reads message, alreadySubscribed, discountCode and subscriber.discountCode");
export const subscriberAnswerSchema = z
  .strictObject({ email: z.string(), discountCode: z.string().nullable() })
  .describe("Spec §7: the client reads discountCode");

export const careTipSchema = z.strictObject({ id, category: z.enum(CARE_CATEGORIES), title: z.string(), body: z.string() });
export const careTipListSchema = z.array(careTipSchema);

const chatLink = z.strictObject({ href: z.string(), label: z.string() });
export const chatLookupAnswerSchema = z
  .strictObject({
    query: z.string(),
    kind: z.enum(["record", "artist", "none"]),
    artist: z.string().nullable(),
    preOrderCharge: z
      .enum(["at_order", "at_dispatch"])
      .optional()
      .describe("When the shop charges pre-orders: at order time (the default) or when the record ships"),
    matches: z.array(
      z.strictObject({
        id,
        title: z.string(),
        artist: z.string(),
        path: z.string(),
        state: z.enum(["pre-order", "in-stock", "low", "out"]),
        stock: z.string().describe("Spec §9 wording: In Stock, Running Low, Not In Stock or Pre-Order"),
        releaseDate: isoDate.nullable(),
        price: z.string(),
      }),
    ),
    total: z.number().int().nonnegative(),
    reply: z.string().nullable(),
    links: z.array(chatLink),
  })
  .describe("VinylBot's catalogue answer to a message");
const chatMatches: Equals<Omit<z.output<typeof chatLookupAnswerSchema>, "query">, ChatLookupResult> = true;
void chatMatches;

// ---------------------------------------------------------------------------------------------------
// Cart and orders: money in integer pence, prices include 20% VAT
// ---------------------------------------------------------------------------------------------------

const pence = z.number().int().min(0);
export const orderTotalsSchema = z.strictObject({
  itemCount: z.number().int().min(0),
  itemsPence: pence,
  shippingPence: pence.describe("Royal Mail: 400 under 5 items, 700 from 5"),
  discountPence: pence,
  totalPence: pence.describe("items + shipping − discount, never below 0"),
  vatPence: pence.describe("UK: the VAT contained in the total (20%). Under IOSS: the destination's VAT, added. Exports: 0"),
  vat: z
    .strictObject({
      treatment: z.enum(["uk", "export", "ioss"]),
      countryCode: z.string().describe("ISO 3166 code of the country whose VAT this is"),
      rateBasisPoints: z.number().int().min(0).describe("2000 is 20%; 0 for a zero-rated export"),
      exportReason: z.enum(["outside_eu", "over_ioss_limit", "no_ioss"]).optional(),
      consignmentEuroCents: z.number().int().min(0).optional().describe("EU orders: the goods' value in euro cents"),
    })
    .optional()
    .describe("How the order is taxed where it goes"),
});

/** An order's totals, with how they were paid: gift vouchers first, the card the rest. */
export const orderViewTotalsSchema = orderTotalsSchema.extend({
  voucherPence: pence.describe("The part of the total paid with gift vouchers or store credit"),
  amountDuePence: pence.describe("What the card pays: totalPence − voucherPence (0 when vouchers pay it all: no card step)"),
});

export const pricedCartSchema = z.strictObject({
  lines: z.array(
    z.strictObject({
      recordId: id,
      quantity: z.number().int(),
      maxQuantity: z.number().int().min(0),
      title: z.string(),
      artist: z.string(),
      coverUrl: z.string().nullable(),
      format: z.string().nullable(),
      path: z.string().nullable(),
      pricePence: pence,
      lineTotalPence: pence,
      isPreOrder: z.boolean(),
      releaseDate: z.string().nullable(),
      issue: z.enum(["unavailable", "out-of-stock", "insufficient-stock", "over-limit", "not-on-sale-yet"]).nullable(),
      vatScheme: z.enum(VAT_SCHEMES).describe("margin: a second-hand copy sold under the VAT margin scheme (no VAT shown)"),
    }),
  ),
  delivery: z.strictObject({
    countryCode: z.string(),
    countryName: z.string(),
    zone: z.enum(["uk", "europe", "usa", "world"]),
    customs: z.boolean().describe("A customs declaration goes with the parcel"),
    weightGrams: z.number().int().min(0),
    choices: z.array(
      z.strictObject({
        service: z.string(),
        name: z.string(),
        days: z.string(),
        tracked: z.boolean(),
        pricePence: pence,
      }),
    ),
    service: z.string().nullable().describe("The service it goes by; null when the parcel is too heavy for every one"),
    vatNotice: z.string().nullable(),
  }),
  totals: orderTotalsSchema,
  discount: z
    .object({
      ok: z.boolean(),
      code: z.string(),
      message: z.string(),
      percentOff: z.number().optional(),
      codeId: z.number().optional(),
    })
    .nullable(),
  needsReview: z.boolean().describe("A line cannot be bought as it stands; checkout waits for the shopper"),
});

export const placeOrderAnswerSchema = z.strictObject({
  result: z.enum(["paid", "redirect", "pending", "declined"]),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  totals: orderViewTotalsSchema,
  redirectUrl: z.string().nullable().describe("The hosted payment page (Stripe) to send the shopper to"),
  message: z.string().nullable(),
});
export type PlaceOrderAnswer = z.output<typeof placeOrderAnswerSchema>;

/** What placing an order answers over REST and tRPC. */
export function toPlaceOrderAnswer(outcome: CheckoutOutcome): PlaceOrderAnswer {
  return {
    result: outcome.kind,
    orderNumber: outcome.order.orderNumber,
    status: outcome.order.status,
    totals: outcome.order.totals,
    redirectUrl: outcome.kind === "redirect" ? outcome.url : null,
    message: outcome.kind === "declined" ? outcome.message : null,
  };
}

export const orderSchema = z.strictObject({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  placedOn: isoDate,
  shipping: z.strictObject({
    name: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable().optional(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    countryCode: z.string().optional().describe("ISO 3166 code"),
  }),
  lines: z.array(
    z.strictObject({
      recordId: id,
      title: z.string(),
      artist: z.string(),
      unitPricePence: pence,
      quantity: z.number().int().positive(),
      lineTotalPence: pence,
      isPreOrder: z.boolean(),
      vatScheme: z.enum(VAT_SCHEMES),
    }),
  ),
  totals: orderViewTotalsSchema,
  hasPreOrder: z.boolean(),
  deliveryService: z.string().describe("tracked_48, tracked_24, intl_standard or intl_tracked"),
  delivery: z.strictObject({
    minDays: z.number().int(),
    maxDays: z.number().int(),
    preOrder: z.boolean(),
    countsFrom: isoDate,
    earliest: isoDate,
    latest: isoDate,
  }),
  tracking: z.strictObject({ number: z.string(), url: z.string().url() }).nullable(),
});
export const orderListSchema = z.array(orderSchema);
const orderMatches: Equals<z.output<typeof orderSchema>, CustomerOrder> = true;
void orderMatches;

// ---------------------------------------------------------------------------------------------------
// Gift vouchers (server/api/gift-vouchers.ts)
// ---------------------------------------------------------------------------------------------------

export const giftVoucherPurchaseAnswerSchema = z.strictObject({
  result: z.enum(["paid", "redirect", "pending", "declined"]),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountPence: pence,
  delivery: z.enum(["email", "print"]),
  recipientEmail: z.string().nullable(),
  sendOn: isoDate.nullable().describe("The day the voucher is mailed to the recipient (London)"),
  expiresOn: isoDate.describe("The last day it may be spent (24 months from the day it was paid)"),
  code: z
    .string()
    .nullable()
    .describe(
      "A paid printable voucher's code, in groups of four: in this answer only, never again (a replayed request answers null). Always null for an e-mailed voucher, whose code goes to the recipient alone",
    ),
  codeLast4: z.string().nullable(),
  redirectUrl: z.string().nullable().describe("The hosted payment page (Stripe) to send the buyer to"),
  message: z.string().nullable(),
});
export type GiftVoucherPurchaseAnswer = z.output<typeof giftVoucherPurchaseAnswerSchema>;

/** What buying a gift voucher answers over REST and tRPC. */
export function toGiftVoucherPurchaseAnswer({ outcome, voucher, code }: VoucherPurchase): GiftVoucherPurchaseAnswer {
  return {
    result: outcome.kind,
    orderNumber: outcome.order.orderNumber,
    status: outcome.order.status,
    amountPence: voucher.amountPence,
    delivery: voucher.delivery,
    recipientEmail: voucher.recipientEmail,
    sendOn: voucher.sendOn,
    expiresOn: voucher.expiresOn,
    code: code ? formatVoucherCode(code) : null,
    codeLast4: code ? code.slice(-4) : voucher.codeLast4,
    redirectUrl: outcome.kind === "redirect" ? outcome.url : null,
    message: outcome.kind === "declined" ? outcome.message : null,
  };
}

export const giftVoucherBalanceSchema = z.strictObject({
  last4: z.string().describe("The code's last four characters"),
  balancePence: pence,
  expiresOn: isoDate,
  usable: z.boolean().describe("False when it has expired, been cancelled or been spent in full (message says which)"),
  message: z.string(),
});

/** A found voucher's balance over REST and tRPC (an unknown code is a 404 / NOT_FOUND). */
export function toGiftVoucherBalance(
  answer: Extract<VoucherBalance, { found: true }>,
): z.output<typeof giftVoucherBalanceSchema> {
  const { found: _found, ...rest } = answer;
  return rest;
}
