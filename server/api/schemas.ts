/**
 * The REST contract of spec §7 as Zod schemas: the shims validate their input with these, the OpenAPI
 * document (./openapi.ts) is generated from them with Zod 4's own z.toJSONSchema(), and the contract
 * test checks real answers against them. One source, so the three cannot drift apart.
 *
 * Answer schemas are strict where this codebase builds the answer (tracks, users): an extra field, such as
 * a password hash, fails the contract. Answers of endpoints other engineers own, described from the spec
 * before they exist, are loose objects that name only the fields the spec says the client reads.
 */
import { z } from "zod";
import { CARE_CATEGORIES } from "../../app/domain/care/care-categories";
import { toApiTrack, type ApiTrack } from "../../app/domain/catalogue/record-api";
import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_FORMATS,
  MAX_IMAGE_DIMENSION,
  MAX_IMAGE_QUALITY,
  MIN_IMAGE_DIMENSION,
  MIN_IMAGE_QUALITY,
} from "../../app/domain/images/image-url";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../../app/domain/cart/cart";
import { optionalDiscountCodeSchema } from "../../app/domain/cart/discount-code";
import { checkoutDetailsSchema } from "../../app/domain/checkout/checkout-schemas";
import { ORDER_STATUSES } from "../../db/schema";
import { loginSchema, resetPasswordSchema, resetRequestSchema } from "../../app/domain/accounts/auth-schemas";
import { registerSchema } from "../../app/domain/accounts/profile-schemas";
import type { Recommendation } from "../services/recommendations";
import type { SessionUser } from "../services/sessions";

/** Compile-time equality: `true` only when A and B are the same type. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const id = z.number().int().positive();
const isoDate = z.string().describe("ISO date, YYYY-MM-DD");

// ---------------------------------------------------------------------------------------------------
// Shared shapes (spec §3)
// ---------------------------------------------------------------------------------------------------

/** Mirrors ApiTrack in app/domain/catalogue/record-api.ts (toApiTrack); the type check below keeps them equal. */
export const apiTrackSchema = z
  .strictObject({
    id,
    title: z.string().min(1),
    artist: z.string().min(1),
    genre: z.string().nullable(),
    coverUrl: z.string().min(1),
    audioUrl: z.string().min(1),
    duration: z.number().int().nonnegative().describe("Preview length in seconds"),
    isNewRelease: z.boolean(),
    isPreOrder: z.boolean().describe("Release date after today (computed when read)"),
    description: z.string().nullable(),
    price: z
      .string()
      .regex(/^£\d+\.\d{2}$/)
      .describe("Price text with VAT, e.g. £12.00"),
    label: z.string().nullable(),
    format: z.string().nullable(),
    catalogNumber: z.string().nullable(),
    releaseDate: isoDate.nullable(),
    physical_release_date: isoDate.nullable(),
    stockQuantity: z.number().int().nonnegative(),
    stock: z.number().int().nonnegative().describe("Same number as stockQuantity"),
    year: z.number().int().nullable(),
    rating: z.number().min(0).max(5).nullable(),
    bestSeller: z.boolean(),
    condition: z.enum(["new", "used"]),
  })
  .describe("A record (the spec's track)");
const trackMatches: Equals<z.output<typeof apiTrackSchema>, ApiTrack> = true;

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
void trackMatches;
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

export const genreCountsSchema = z
  .record(z.string().min(1), z.number().int().positive())
  .describe("Visible records per genre");
export const genreListSchema = z
  .array(z.string().min(1))
  .refine(
    (list) => list.every((g, i) => i === 0 || list[i - 1]!.localeCompare(g, "en-GB") < 0),
    "alphabetical, no repeats",
  )
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
export const messageAnswerSchema = z.object({ message: z.string() });

// Contracts of calls other engineers are building, as far as spec §7 describes them.
export const searchResultSchema = z
  .looseObject({
    id,
    title: z.string(),
    artist: z.string(),
    coverUrl: z.string(),
  })
  .describe("A search hit: at least id, title, artist and coverUrl");
export const searchResultListSchema = z.array(searchResultSchema);

export const subscribeAnswerSchema = z
  .looseObject({
    message: z.string(),
    alreadySubscribed: z.boolean().optional(),
    discountCode: z.string().nullable().optional(),
    subscriber: z.looseObject({ discountCode: z.string().nullable().optional() }).optional(),
  })
  .describe("Spec §7: the client reads message, alreadySubscribed, discountCode and subscriber.discountCode");
export const subscriberAnswerSchema = z
  .looseObject({ discountCode: z.string().nullable() })
  .describe("Spec §7: the client reads discountCode");

export const careTipSchema = z.looseObject({
  id,
  category: z.enum(CARE_CATEGORIES),
  title: z.string(),
  body: z.string(),
});
export const careTipListSchema = z.array(careTipSchema);

// ---------------------------------------------------------------------------------------------------
// Requests: query strings, path parameters and bodies
// ---------------------------------------------------------------------------------------------------

/** Endpoints that take no parameters: anything given (a cache buster, say) is ignored. */
export const noQuery = z.object({});

export const tracksQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export const trackIdParams = z.object({
  id: z.coerce.number().int().positive(),
});

/** Spec §7 history: at most this many ids are read from ?history=; the rest are ignored. */
export const MAX_HISTORY_IDS = 50;

/**
 * `?history=12,7,9`: comma-joined record ids, most recent first. Anything that is not an id is ignored,
 * repeats keep their first place, and only the first 50 are read; a repeated parameter is joined.
 * Never fails, so a bad history is an empty one.
 */
export const historyParam = z
  .preprocess(
    (v) => (Array.isArray(v) ? v.join(",") : v),
    z
      .string()
      .max(4_000)
      .catch("")
      .optional()
      .transform((text) => {
        const ids: number[] = [];
        for (const part of (text ?? "").split(",")) {
          const trimmed = part.trim();
          if (!/^\d{1,15}$/.test(trimmed)) continue;
          const n = Number(trimmed);
          if (n > 0 && Number.isSafeInteger(n) && !ids.includes(n)) ids.push(n);
          if (ids.length >= MAX_HISTORY_IDS) break;
        }
        return ids;
      }),
  )
  .describe("Comma-joined record ids, most recent first; non-numeric parts ignored, at most 50 read");
export const recommendationsQuery = z.object({ history: historyParam });

export const albumImageQuery = z.object({
  url: z.string().max(512).describe("A shop image: /media/covers/{id}.jpg or /images/{name}.jpg|png|webp"),
  width: z.coerce.number().int().min(MIN_IMAGE_DIMENSION).max(MAX_IMAGE_DIMENSION).optional(),
  height: z.coerce.number().int().min(MIN_IMAGE_DIMENSION).max(MAX_IMAGE_DIMENSION).optional(),
  quality: z.coerce.number().int().min(MIN_IMAGE_QUALITY).max(MAX_IMAGE_QUALITY).default(DEFAULT_IMAGE_QUALITY),
  format: z
    .enum([...IMAGE_FORMATS, "jpg"])
    .optional()
    .describe("Without it, the Accept header decides"),
});

export const searchQuery = z.object({
  q: z.string().min(2).describe("Search text, 2 or more characters"),
});
export const careTipsQuery = z.object({
  category: z.enum(CARE_CATEGORIES).optional(),
});
export const subscriberEmailParams = z.object({
  email: z.email().describe("URL-encoded"),
});

export const loginBody = loginSchema;
export const registerBody = registerSchema;
export const emailBody = resetRequestSchema;
export const resetPasswordBody = resetPasswordSchema;
export const subscribeBody = z.object({
  email: z.email("Please enter a valid email address"),
  favoriteGenre: z.string().min(1, "Please select your favorite genre"),
});

// ---------------------------------------------------------------------------------------------------
// Cart and orders (server/api/orders.ts): money in integer pence, prices include 20% VAT
// ---------------------------------------------------------------------------------------------------

const pence = z.number().int().min(0);
export const orderTotalsSchema = z.strictObject({
  itemCount: z.number().int().min(0),
  itemsPence: pence,
  shippingPence: pence.describe("Royal Mail: 400 under 5 items, 700 from 5"),
  discountPence: pence,
  totalPence: pence.describe("items + shipping − discount, never below 0"),
  vatPence: pence.describe("The VAT contained in the total (20%)"),
});

export const cartLinesSchema = z
  .array(z.object({ recordId: id, quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }))
  .max(MAX_CART_LINES)
  .refine((lines) => new Set(lines.map((l) => l.recordId)).size === lines.length, "Each record may appear once");

export const cartPriceBody = z.object({ lines: cartLinesSchema, discountCode: optionalDiscountCodeSchema });

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
      issue: z.enum(["unavailable", "out-of-stock", "insufficient-stock"]).nullable(),
    }),
  ),
  totals: orderTotalsSchema,
  discount: z
    .object({ ok: z.boolean(), code: z.string(), message: z.string(), percentOff: z.number().optional(), codeId: z.number().optional() })
    .nullable(),
  needsReview: z.boolean().describe("A line cannot be bought as it stands; checkout waits for the shopper"),
});

export const placeOrderBody = checkoutDetailsSchema.extend({
  lines: cartLinesSchema.min(1, "Your cart is empty."),
  card: z
    .object({ cardNumber: z.string(), cardExpiry: z.string(), cardCvc: z.string() })
    .optional()
    .describe("With the offline test-card provider: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined"),
});

export const placeOrderAnswerSchema = z.strictObject({
  result: z.enum(["paid", "redirect", "pending", "declined"]),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  totals: orderTotalsSchema,
  redirectUrl: z.string().nullable().describe("The hosted payment page (Stripe) to send the shopper to"),
  message: z.string().nullable(),
});

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
    }),
  ),
  totals: orderTotalsSchema,
  hasPreOrder: z.boolean(),
  delivery: z.strictObject({ minDays: z.number().int(), maxDays: z.number().int(), earliest: isoDate, latest: isoDate }),
});
export const orderListSchema = z.array(orderSchema);
export const orderNumberParams = z.object({ orderNumber: z.string().regex(/^ND-[A-Z2-7]{8}$/, "not an order number") });
