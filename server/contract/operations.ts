/**
 * Every /api call (spec §7) in one table: what it accepts, answers and may refuse. The request schemas are
 * the domain's own (the same the forms and tRPC use) and each REST shim parses with its operation's schema
 * from here, so what the document publishes is what the server reads. The OpenAPI document (./openapi.ts) is
 * generated from this table, and the contract test calls every operation and every documented failure.
 */
import { loginSchema, resetPasswordSchema, resetRequestSchema } from "../../app/domain/accounts/auth-schemas";
import { registerSchema } from "../../app/domain/accounts/profile-schemas";
import { apiSecondFactorSchema } from "../../app/domain/two-factor/schemas";
import { careTipsQuerySchema } from "../../app/domain/care/care-categories";
import { cartPriceSchema } from "../../app/domain/cart/cart-lines";
import { pageQuerySchema, recordIdSchema } from "../../app/domain/catalogue/catalogue-queries";
import { chatLookupQuerySchema } from "../../app/domain/chat/chat-lookup-schema";
import { placeOrderSchema } from "../../app/domain/checkout/checkout-schemas";
import { voucherBalanceQuerySchema, voucherPurchaseSchema } from "../../app/domain/vouchers/voucher-purchase-schema";
import { albumImageQuerySchema } from "../../app/domain/images/album-image-query";
import { newsletterSchema, subscriberLookupSchema } from "../../app/domain/newsletter/newsletter-schema";
import { orderNumberSchema } from "../../app/domain/orders/order-status-schema";
import { recommendationsQuerySchema } from "../../app/domain/recommendations/history-query";
import { searchQuerySchema } from "../../app/domain/search/search-schema";
import { z } from "../../app/domain/shared/zod";
import * as a from "./answers";

type Method = "get" | "post";

/** What the Cache-Control header of a successful answer must be: exactly a value, or matching a pattern. */
export type CacheRule = { value: string } | { pattern: RegExp; description: string };

export interface ApiOperation {
  method: Method;
  /** OpenAPI path, with {name} parameters. */
  path: string;
  summary: string;
  description?: string;
  tag: "Catalogue" | "Home" | "Accounts" | "Newsletter" | "Discovery" | "Images" | "Magazine" | "Shop" | "Meta";
  query?: z.ZodObject;
  params?: z.ZodObject;
  /** The body's schema and its component name in the document. */
  body?: { name: string; schema: z.ZodType };
  success: {
    /** Several when one call has more than one success (created or already there). */
    status: number | readonly number[];
    description: string;
    /** A component name from ANSWER_SCHEMAS; absent for non-JSON answers. */
    schema?: keyof typeof ANSWER_SCHEMAS;
    /** For non-JSON answers. */
    contentType?: string;
    headers?: Record<string, string>;
  };
  /** Error statuses, each answered with the Error shape. */
  errors?: Record<number, string>;
  /** null: the call sets no Cache-Control header. */
  cache: CacheRule | null;
}

/** Every rate limit's refusal (server/auth/rate-limits.ts). */
const TOO_MANY = "Too many attempts from this address (or on this account): Retry-After says when to try again";

/** Answer shapes, by component name (components/schemas). */
export const ANSWER_SCHEMAS = {
  Track: a.apiTrackSchema,
  TrackList: a.trackListSchema,
  FeaturedVinyl: a.featuredVinylSchema,
  ArtistSpotlight: a.artistSpotlightSchema,
  ArtistSpotlightAnswer: a.artistSpotlightAnswerSchema,
  TriviaItem: a.triviaItemSchema,
  TriviaList: a.triviaListSchema,
  GenreCounts: a.genreCountsSchema,
  GenreList: a.genreListSchema,
  Recommendation: a.recommendationSchema,
  RecommendationList: a.recommendationListSchema,
  User: a.apiUserSchema,
  LoginAnswer: a.loginAnswerSchema,
  LogoutAnswer: a.logoutAnswerSchema,
  MessageAnswer: a.messageAnswerSchema,
  Error: a.apiErrorSchema,
  SearchResult: a.searchResultSchema,
  SearchResultList: a.searchResultListSchema,
  SubscribeAnswer: a.subscribeAnswerSchema,
  SubscriberAnswer: a.subscriberAnswerSchema,
  ChatLookupAnswer: a.chatLookupAnswerSchema,
  VinylCareTip: a.careTipSchema,
  VinylCareTipList: a.careTipListSchema,
  PricedCart: a.pricedCartSchema,
  PlaceOrderAnswer: a.placeOrderAnswerSchema,
  Order: a.orderSchema,
  OrderList: a.orderListSchema,
  GiftVoucherPurchaseAnswer: a.giftVoucherPurchaseAnswerSchema,
  GiftVoucherBalance: a.giftVoucherBalanceSchema,
} as const satisfies Record<string, z.ZodType>;

/** Calls that take no parameters: anything given (a cache buster, say) is ignored. */
export const noQuery = z.object({});

const PUBLIC_5_MIN: CacheRule = { value: "public, max-age=300" };
const NO_CACHE: CacheRule = { value: "no-cache" };
const NO_STORE: CacheRule = { value: "no-store" };
/** About a person: never stored by shared caches. */
const PRIVATE: CacheRule = {
  pattern: /^(no-cache|no-store|private\b.*)$/,
  description: "no-cache, no-store or private (personal data, spec §7)",
};
/** A mutation: never public (no header at all is fine). */
const NOT_PUBLIC: CacheRule = {
  pattern: /^(?!.*\bpublic\b).*$/,
  description: "anything but public",
};

const homeList = (path: string, summary: string) =>
  ({
    method: "get",
    path,
    summary,
    tag: "Home",
    query: noQuery,
    success: { status: 200, description: "The records, picked for today", schema: "TrackList" },
    cache: PUBLIC_5_MIN,
  }) satisfies ApiOperation;

export const OPERATIONS = {
  // -- Accounts (server/api/auth.ts) -------------------------------------------------------------
  getUser: {
    method: "get",
    path: "/api/user",
    summary: "The signed-in user",
    description: "A 401 means signed out (the client reads it as null), not an error.",
    tag: "Accounts",
    success: { status: 200, description: "The user", schema: "User" },
    errors: { 401: "Not signed in" },
    cache: NO_STORE,
  },
  login: {
    method: "post",
    path: "/api/login",
    summary: "Log in; sets the session cookie",
    tag: "Accounts",
    body: { name: "LoginRequest", schema: loginSchema },
    success: { status: 200, description: "The user, or `{ twoFactorRequired: true }`", schema: "LoginAnswer" },
    description:
      "`username` takes a username (any case) or the account's e-mail. Failures are limited per account and " +
      "address (strict), per account and per address; past a limit the answer is 429 with Retry-After. For an " +
      "account with two-factor sign-in the answer is `{ twoFactorRequired: true }` and the session cookie it sets " +
      "opens only POST /api/login/two-factor until a code is sent there.",
    errors: { 400: "Invalid input", 401: "Wrong username or password", 429: TOO_MANY },
    cache: NO_STORE,
  },
  loginTwoFactor: {
    method: "post",
    path: "/api/login/two-factor",
    summary: "The second sign-in step: a code from the authenticator app, or a recovery code",
    description:
      "With the session cookie POST /api/login set. `code` is six digits from the app (each accepted once) or a " +
      "recovery code like ABCDE-FGHIJ (each works once). Right: a new session cookie and the user. Wrong codes are " +
      "limited per account and address, per account and per address (429 with Retry-After past a limit).",
    tag: "Accounts",
    body: { name: "SecondFactorRequest", schema: apiSecondFactorSchema },
    success: { status: 200, description: "The user, now signed in", schema: "User" },
    errors: {
      400: "Invalid input, or a wrong or already used code",
      401: "No sign-in waiting for a second factor",
      429: TOO_MANY,
    },
    cache: NO_STORE,
  },
  register: {
    method: "post",
    path: "/api/register",
    summary: "Register a customer account; sets the session cookie",
    description: "confirmPassword stays in the form and is not sent. Unknown fields (a role, say) are ignored.",
    tag: "Accounts",
    body: { name: "RegisterRequest", schema: registerSchema },
    success: { status: 201, description: "The new user", schema: "User" },
    errors: { 400: "Invalid input (messages per field)", 409: "Username (in any case) or email taken", 429: TOO_MANY },
    cache: NO_STORE,
  },
  logout: {
    method: "post",
    path: "/api/logout",
    summary: "Log out; clears the session cookie",
    tag: "Accounts",
    success: { status: 200, description: "Logged out", schema: "LogoutAnswer" },
    cache: NO_STORE,
  },
  requestPasswordReset: {
    method: "post",
    path: "/api/request-password-reset",
    summary: "Mail a password reset link",
    description:
      "The same answer whether or not the address has an account; past a few requests an hour for one address, " +
      "the answer is still the same but no more mail is sent.",
    tag: "Accounts",
    body: { name: "EmailRequest", schema: resetRequestSchema },
    success: { status: 200, description: "Requested", schema: "MessageAnswer" },
    errors: { 400: "Invalid email address", 429: TOO_MANY },
    cache: NO_STORE,
  },
  resetPassword: {
    method: "post",
    path: "/api/reset-password",
    summary: "Set a new password with a mailed token; signs in",
    tag: "Accounts",
    body: { name: "ResetPasswordRequest", schema: resetPasswordSchema },
    success: { status: 200, description: "The user", schema: "User" },
    errors: { 400: "Invalid or expired link, or invalid password" },
    cache: NO_STORE,
  },
  // -- Catalogue (server/api/catalogue.ts, album-image.ts, search.ts) -----------------------------------
  listTracks: {
    method: "get",
    path: "/api/tracks",
    summary: "Visible records, newest additions first, one page at a time",
    tag: "Catalogue",
    query: pageQuerySchema,
    success: {
      status: 200,
      description: "One page of records",
      schema: "TrackList",
      headers: { "X-Total-Count": "Visible records", "X-Page": "This page", "X-Total-Pages": "Pages" },
    },
    errors: { 400: "Invalid page or limit" },
    cache: PUBLIC_5_MIN,
  },
  getTrack: {
    method: "get",
    path: "/api/tracks/{id}",
    summary: "One record by id",
    tag: "Catalogue",
    params: recordIdSchema,
    success: { status: 200, description: "The record", schema: "Track" },
    errors: { 400: "Invalid id", 404: "No such record" },
    cache: PUBLIC_5_MIN,
  },
  albumImage: {
    method: "get",
    path: "/api/album-image",
    summary: "A shop image resized (image proxy; default quality 85)",
    description: "Only the shop's own images. Without format, the Accept header picks AVIF, WebP or JPEG (Vary: Accept).",
    tag: "Images",
    query: albumImageQuerySchema,
    success: { status: 200, description: "The image", contentType: "image/*", headers: { ETag: "Of the variant" } },
    errors: { 400: "Invalid parameters or not a shop image", 404: "No such image" },
    cache: { value: "public, max-age=31536000, immutable" },
  },
  genreCounts: {
    method: "get",
    path: "/api/genre-counts",
    summary: "Visible records per genre",
    tag: "Catalogue",
    query: noQuery,
    success: { status: 200, description: "Genre → count", schema: "GenreCounts" },
    cache: PUBLIC_5_MIN,
  },
  genres: {
    method: "get",
    path: "/api/genres",
    summary: "Genres with records, alphabetical (the newsletter's select)",
    tag: "Catalogue",
    query: noQuery,
    success: { status: 200, description: "Genre names", schema: "GenreList" },
    cache: PUBLIC_5_MIN,
  },
  search: {
    method: "get",
    path: "/api/search",
    summary: "Search records (2 or more characters)",
    description:
      "Up to 8 records, best first; the total travels in X-Total-Count. Fewer than 2 non-space characters " +
      "find nothing: the answer is [] (the header's box never asks then).",
    tag: "Catalogue",
    query: searchQuerySchema,
    success: {
      status: 200,
      description: "Matching records",
      schema: "SearchResultList",
      headers: { "X-Total-Count": "All matching records" },
    },
    errors: { 400: "Search text over 100 characters" },
    cache: { value: "public, max-age=60" },
  },
  // -- Home page data (server/api/home.ts) ----------------------------------------------------------
  newReleases: homeList("/api/new-releases", "New releases (4, picked for today)"),
  recentProducts: homeList("/api/recent-products", "Recently updated records (2, picked for today)"),
  preOrders: homeList("/api/pre-orders", "Pre-orders (4, unique by title and artist, picked for today)"),
  featuredVinyl: {
    method: "get",
    path: "/api/featured-vinyl",
    summary: "Vinyl of the Day",
    tag: "Home",
    query: noQuery,
    success: { status: 200, description: "The record, or null", schema: "FeaturedVinyl" },
    cache: PUBLIC_5_MIN,
  },
  artistSpotlight: {
    method: "get",
    path: "/api/artist-spotlight",
    summary: "Artist of the day with a bio and a featured release",
    tag: "Home",
    query: noQuery,
    success: { status: 200, description: "The spotlight, or null", schema: "ArtistSpotlightAnswer" },
    cache: PUBLIC_5_MIN,
  },
  vinylTrivia: {
    method: "get",
    path: "/api/vinyl-trivia",
    summary: "Trivia questions (3), asked for once the panel is shown",
    tag: "Home",
    query: noQuery,
    success: { status: 200, description: "The questions", schema: "TriviaList" },
    cache: PUBLIC_5_MIN,
  },
  // -- Discovery (server/api/recommendations.ts, chat.ts) ---------------------------------------------
  recommendations: {
    method: "get",
    path: "/api/recommendations",
    summary: "Records like a listening history, each with its reason",
    description:
      "Same artist, label, genre, era (±5 years) and format, and records bought in the same orders. Never a record " +
      "of the history or a hidden one. An empty history, and any error, answer an empty list (never a 500).",
    tag: "Discovery",
    query: recommendationsQuerySchema,
    success: { status: 200, description: "Up to 8 recommendations, best first", schema: "RecommendationList" },
    cache: NO_CACHE,
  },
  chatLookup: {
    method: "get",
    path: "/api/chat/lookup",
    summary: "VinylBot: records or an artist named in a message, with their stock wording",
    tag: "Discovery",
    query: chatLookupQuerySchema,
    success: { status: 200, description: "What the catalogue holds, and the reply", schema: "ChatLookupAnswer" },
    errors: { 400: "An empty message, or one over 500 characters" },
    cache: { value: "private, no-cache" },
  },
  // -- Newsletter (server/api/newsletter.ts) -------------------------------------------------------------
  subscribe: {
    method: "post",
    path: "/api/subscribe",
    summary: "Subscribe to the newsletter (10% off a first order)",
    tag: "Newsletter",
    body: { name: "SubscribeRequest", schema: newsletterSchema },
    success: { status: [200, 201], description: "Subscribed (201), or already subscribed (200)", schema: "SubscribeAnswer" },
    errors: { 400: "Invalid email or genre", 429: TOO_MANY },
    cache: NOT_PUBLIC,
  },
  subscriberByEmail: {
    method: "get",
    path: "/api/subscribers/email/{email}",
    summary: "A subscriber's discount code, by URL-encoded email",
    description: "Only for the browser that subscribed the address, or its signed-in owner; anyone else gets a 404.",
    tag: "Newsletter",
    params: subscriberLookupSchema,
    success: { status: 200, description: "The subscriber", schema: "SubscriberAnswer" },
    errors: { 404: "Not subscribed, or not yours to see" },
    cache: PRIVATE,
  },
  // -- Shop (server/api/orders.ts) ---------------------------------------------------------------------
  priceCart: {
    method: "post",
    path: "/api/cart/price",
    summary: "Price a cart from the database (record ids and quantities in; lines, flags and totals out)",
    description:
      "Lines that cannot be bought as asked are flagged and left out of the totals. A discount code is checked, not redeemed.",
    tag: "Shop",
    body: { name: "CartPriceRequest", schema: cartPriceSchema },
    success: { status: 200, description: "The priced cart", schema: "PricedCart" },
    errors: { 400: "Invalid lines or code" },
    cache: NO_STORE,
  },
  placeOrder: {
    method: "post",
    path: "/api/orders",
    summary: "Place an order and pay for it",
    description:
      "One transaction re-prices every line, takes the stock, redeems the code, creates the order and spends the gift vouchers (voucherCodes: each takes up to its balance, in the order given); then the payment provider is asked for what is left (totals.amountDuePence). When the vouchers pay it all, no card is needed and the order is paid at once. The same idempotencyKey twice answers with the first order.",
    tag: "Shop",
    body: { name: "PlaceOrderRequest", schema: placeOrderSchema },
    success: {
      status: 201,
      description: "Paid, or waiting at the hosted payment page (redirectUrl)",
      schema: "PlaceOrderAnswer",
    },
    errors: {
      400: "Invalid details, discount code or gift voucher code (wrong, expired, cancelled or spent in full: fields.voucherCodes)",
      402: "Card declined: nothing charged, stock released, vouchers' part given back",
      409: "Out of stock, code already used, or the total is not expectedTotalPence or the card's part is not expectedAmountDuePence (the answer's totalPence and amountDuePence are the new ones; nothing was charged)",
      503: "Payment provider unreachable",
      429: TOO_MANY,
    },
    cache: NO_STORE,
  },
  listOrders: {
    method: "get",
    path: "/api/orders",
    summary: "The signed-in customer's orders, newest first",
    tag: "Shop",
    success: { status: 200, description: "The orders", schema: "OrderList" },
    errors: { 401: "Not signed in" },
    cache: NO_STORE,
  },
  getOrder: {
    method: "get",
    path: "/api/orders/{orderNumber}",
    summary: "One of the signed-in customer's orders",
    description: "A malformed number is answered like someone else's order: 404.",
    tag: "Shop",
    params: z.object({ orderNumber: orderNumberSchema }),
    success: { status: 200, description: "The order", schema: "Order" },
    errors: { 401: "Not signed in", 404: "No such order for this customer" },
    cache: NO_STORE,
  },
  // -- Gift vouchers (server/api/gift-vouchers.ts) ------------------------------------------------------------
  buyGiftVoucher: {
    method: "post",
    path: "/api/gift-vouchers",
    summary: "Buy a gift voucher and pay for it",
    description:
      "An order of its own (no delivery charge, no VAT at sale: a multi-purpose voucher) paid like /api/orders. E-mailed vouchers go to the recipient on sendOn; a printable voucher's code is in the answer once. The same idempotencyKey twice answers with the first order.",
    tag: "Shop",
    body: { name: "GiftVoucherPurchaseRequest", schema: voucherPurchaseSchema },
    success: {
      status: 201,
      description: "Paid, or waiting at the hosted payment page (redirectUrl)",
      schema: "GiftVoucherPurchaseAnswer",
    },
    errors: {
      400: "Invalid amount (£5 to £250 in whole pounds), day to send (today to a year ahead), details or card",
      402: "Card declined: nothing charged",
      409: "The idempotencyKey was already used by another buyer",
      503: "Payment provider unreachable",
      429: TOO_MANY,
    },
    cache: NO_STORE,
  },
  giftVoucherBalance: {
    method: "get",
    path: "/api/gift-vouchers/balance",
    summary: "A gift voucher's balance and last day",
    description:
      "Spaces, hyphens and lower case in the code are forgiven. Look-ups are limited per address and per code prefix (its first four characters).",
    tag: "Shop",
    query: voucherBalanceQuerySchema,
    success: {
      status: 200,
      description: "The voucher: what is left and until when, or why it cannot be spent",
      schema: "GiftVoucherBalance",
    },
    errors: { 400: "No code", 404: "No voucher has that code", 429: TOO_MANY },
    cache: NO_STORE,
  },
  // -- Magazine (server/api/vinyl-care.ts) ----------------------------------------------------------------
  vinylCareTips: {
    method: "get",
    path: "/api/vinyl-care-tips",
    summary: "Vinyl care tips, by category then position",
    tag: "Magazine",
    query: careTipsQuerySchema,
    success: { status: 200, description: "The tips", schema: "VinylCareTipList" },
    errors: { 400: "Unknown category" },
    cache: PUBLIC_5_MIN,
  },
  openApi: {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document",
    tag: "Meta",
    success: { status: 200, description: "OpenAPI 3.1", contentType: "application/json" },
    cache: PUBLIC_5_MIN,
  },
} as const satisfies Record<string, ApiOperation>;

export type OperationName = keyof typeof OPERATIONS;
export const API_OPERATIONS: readonly ApiOperation[] = Object.values(OPERATIONS);
