/**
 * The OpenAPI 3.1 document of every /api call (spec §7), generated from the Zod schemas in ./schemas with
 * Zod 4's own z.toJSONSchema() (JSON Schema 2020-12, which OpenAPI 3.1 uses as is). The operation table
 * below is the one list of calls: the document is built from it, and the contract test
 * (./contract.test.ts) calls every entry and checks status, body and Cache-Control against it.
 */
import { z } from "zod";
import * as s from "./schemas";

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
  /** A component name from REQUEST_SCHEMAS. */
  body?: keyof typeof REQUEST_SCHEMAS;
  success: {
    /** Several when the spec leaves the exact status open (calls still being built). */
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
  /**
   * A documented contract for a call another engineer is building: it may not be mounted yet. The
   * contract test checks it once it is served and skips it, with a note, until then.
   */
  pending?: true;
}

/** Answer shapes, by component name (components/schemas). */
export const ANSWER_SCHEMAS = {
  Track: s.apiTrackSchema,
  TrackList: s.trackListSchema,
  FeaturedVinyl: s.featuredVinylSchema,
  ArtistSpotlight: s.artistSpotlightSchema,
  ArtistSpotlightAnswer: s.artistSpotlightAnswerSchema,
  TriviaItem: s.triviaItemSchema,
  TriviaList: s.triviaListSchema,
  GenreCounts: s.genreCountsSchema,
  GenreList: s.genreListSchema,
  Recommendation: s.recommendationSchema,
  RecommendationList: s.recommendationListSchema,
  User: s.apiUserSchema,
  LogoutAnswer: s.logoutAnswerSchema,
  MessageAnswer: s.messageAnswerSchema,
  Error: s.apiErrorSchema,
  SearchResult: s.searchResultSchema,
  SearchResultList: s.searchResultListSchema,
  SubscribeAnswer: s.subscribeAnswerSchema,
  SubscriberAnswer: s.subscriberAnswerSchema,
  VinylCareTip: s.careTipSchema,
  VinylCareTipList: s.careTipListSchema,
  PricedCart: s.pricedCartSchema,
  PlaceOrderAnswer: s.placeOrderAnswerSchema,
  Order: s.orderSchema,
  OrderList: s.orderListSchema,
} as const satisfies Record<string, z.ZodType>;

/** Request bodies, by component name. */
export const REQUEST_SCHEMAS = {
  LoginRequest: s.loginBody,
  RegisterRequest: s.registerBody,
  EmailRequest: s.emailBody,
  ResetPasswordRequest: s.resetPasswordBody,
  SubscribeRequest: s.subscribeBody,
  CartPriceRequest: s.cartPriceBody,
  PlaceOrderRequest: s.placeOrderBody,
} as const satisfies Record<string, z.ZodType>;

const PUBLIC_5_MIN: CacheRule = { value: "public, max-age=300" };
const NO_CACHE: CacheRule = { value: "no-cache" };
const NO_STORE: CacheRule = { value: "no-store" };
/** Spec §9: a GET answer is either public for a while, or not cached. */
const PUBLIC_OR_NO_CACHE: CacheRule = {
  pattern: /^(public, max-age=\d+|no-cache)$/,
  description: "public, max-age=… or no-cache (spec §9)",
};
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

const homeList = (path: string, summary: string): ApiOperation => ({
  method: "get",
  path,
  summary,
  tag: "Home",
  query: s.noQuery,
  success: { status: 200, description: "The records, picked for today", schema: "TrackList" },
  cache: PUBLIC_5_MIN,
});

export const API_OPERATIONS: readonly ApiOperation[] = [
  // -- Accounts (server/api/auth.ts) -------------------------------------------------------------
  {
    method: "get",
    path: "/api/user",
    summary: "The signed-in user",
    description: "A 401 means signed out (the client reads it as null), not an error.",
    tag: "Accounts",
    success: { status: 200, description: "The user", schema: "User" },
    errors: { 401: "Not signed in" },
    cache: NO_STORE,
  },
  {
    method: "post",
    path: "/api/login",
    summary: "Log in; sets the session cookie",
    tag: "Accounts",
    body: "LoginRequest",
    success: { status: 200, description: "The user", schema: "User" },
    errors: { 400: "Invalid input", 401: "Wrong username or password", 429: "Too many attempts (Retry-After)" },
    cache: NO_STORE,
  },
  {
    method: "post",
    path: "/api/register",
    summary: "Register a customer account; sets the session cookie",
    description: "confirmPassword stays in the form and is not sent.",
    tag: "Accounts",
    body: "RegisterRequest",
    success: { status: 201, description: "The new user", schema: "User" },
    errors: { 400: "Invalid input (messages per field)", 409: "Username or email taken" },
    cache: NO_STORE,
  },
  {
    method: "post",
    path: "/api/logout",
    summary: "Log out; clears the session cookie",
    tag: "Accounts",
    success: { status: 200, description: "Logged out", schema: "LogoutAnswer" },
    cache: NO_STORE,
  },
  {
    method: "post",
    path: "/api/request-password-reset",
    summary: "Mail a password reset link",
    description: "The same answer whether or not the address has an account.",
    tag: "Accounts",
    body: "EmailRequest",
    success: { status: 200, description: "Requested", schema: "MessageAnswer" },
    errors: { 400: "Invalid input", 429: "Too many requests" },
    cache: NO_STORE,
  },
  {
    method: "post",
    path: "/api/reset-password",
    summary: "Set a new password with a mailed token; signs in",
    tag: "Accounts",
    body: "ResetPasswordRequest",
    success: { status: 200, description: "The user", schema: "User" },
    errors: { 400: "Invalid or expired link, or invalid password" },
    cache: NO_STORE,
  },
  // -- Catalogue (server/api/tracks.ts, album-image.ts) ------------------------------------------------
  {
    method: "get",
    path: "/api/tracks",
    summary: "Visible records, newest additions first, one page at a time",
    tag: "Catalogue",
    query: s.tracksQuery,
    success: {
      status: 200,
      description: "One page of records",
      schema: "TrackList",
      headers: { "X-Total-Count": "Visible records", "X-Page": "This page", "X-Total-Pages": "Pages" },
    },
    errors: { 400: "Invalid page or limit" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/tracks/{id}",
    summary: "One record by id",
    tag: "Catalogue",
    params: s.trackIdParams,
    success: { status: 200, description: "The record", schema: "Track" },
    errors: { 400: "Invalid id", 404: "No such record" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/album-image",
    summary: "A shop image resized (image proxy; default quality 85)",
    description:
      "Only the shop's own images. Without format, the Accept header picks AVIF, WebP or JPEG (Vary: Accept).",
    tag: "Images",
    query: s.albumImageQuery,
    success: { status: 200, description: "The image", contentType: "image/*", headers: { ETag: "Of the variant" } },
    errors: { 400: "Invalid parameters or not a shop image", 404: "No such image" },
    cache: { value: "public, max-age=31536000, immutable" },
  },
  {
    method: "get",
    path: "/api/genre-counts",
    summary: "Visible records per genre",
    tag: "Catalogue",
    query: s.noQuery,
    success: { status: 200, description: "Genre → count", schema: "GenreCounts" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/genres",
    summary: "Genres with records, alphabetical (the newsletter's select)",
    tag: "Catalogue",
    query: s.noQuery,
    success: { status: 200, description: "Genre names", schema: "GenreList" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/search",
    summary: "Search records (2 or more characters)",
    tag: "Catalogue",
    query: s.searchQuery,
    success: { status: 200, description: "Matching records", schema: "SearchResultList" },
    errors: { 400: "Query too short" },
    cache: PUBLIC_OR_NO_CACHE,
  },
  // -- Home page data (server/api/spec-calls.ts) --------------------------------------------------------
  homeList("/api/new-releases", "New releases (4, picked for today)"),
  homeList("/api/recent-products", "Recently updated records (2, picked for today)"),
  homeList("/api/pre-orders", "Pre-orders (4, unique by title and artist, picked for today)"),
  {
    method: "get",
    path: "/api/featured-vinyl",
    summary: "Vinyl of the Day",
    tag: "Home",
    query: s.noQuery,
    success: { status: 200, description: "The record, or null", schema: "FeaturedVinyl" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/artist-spotlight",
    summary: "Artist of the day with a bio and a featured release",
    tag: "Home",
    query: s.noQuery,
    success: { status: 200, description: "The spotlight, or null", schema: "ArtistSpotlightAnswer" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/vinyl-trivia",
    summary: "Trivia questions (3), asked for once the panel is shown",
    tag: "Home",
    query: s.noQuery,
    success: { status: 200, description: "The questions", schema: "TriviaList" },
    cache: PUBLIC_5_MIN,
  },
  // -- Discovery ----------------------------------------------------------------------------------------
  {
    method: "get",
    path: "/api/recommendations",
    summary: "Records like a listening history, each with its reason",
    description:
      "Same artist, label, genre, era (±5 years) and format, and records bought in the same orders. Never a record " +
      "of the history or a hidden one. An empty history, and any error, answer an empty list (never a 500).",
    tag: "Discovery",
    query: s.recommendationsQuery,
    success: { status: 200, description: "Up to 8 recommendations, best first", schema: "RecommendationList" },
    cache: NO_CACHE,
  },
  // -- Newsletter (being built) ---------------------------------------------------------------------------
  {
    method: "post",
    path: "/api/subscribe",
    summary: "Subscribe to the newsletter (10% off a first order)",
    tag: "Newsletter",
    body: "SubscribeRequest",
    success: { status: [200, 201], description: "Subscribed, or already subscribed", schema: "SubscribeAnswer" },
    errors: { 400: "Invalid email or genre" },
    cache: NOT_PUBLIC,
  },
  {
    method: "get",
    path: "/api/subscribers/email/{email}",
    summary: "A subscriber's discount code, by URL-encoded email",
    tag: "Newsletter",
    params: s.subscriberEmailParams,
    success: { status: 200, description: "The subscriber", schema: "SubscriberAnswer" },
    errors: { 404: "Not subscribed" },
    cache: PRIVATE,
  },
  // -- Shop (server/api/orders.ts) ---------------------------------------------------------------------
  {
    method: "post",
    path: "/api/cart/price",
    summary: "Price a cart from the database (record ids and quantities in; lines, flags and totals out)",
    description: "Lines that cannot be bought as asked are flagged and left out of the totals. A discount code is checked, not redeemed.",
    tag: "Shop",
    body: "CartPriceRequest",
    success: { status: 200, description: "The priced cart", schema: "PricedCart" },
    errors: { 400: "Invalid lines or code" },
    cache: NO_STORE,
  },
  {
    method: "post",
    path: "/api/orders",
    summary: "Place an order and pay for it",
    description:
      "One transaction re-prices every line, takes the stock, redeems the code and creates the order; then the payment provider is asked. The same idempotencyKey twice answers with the first order.",
    tag: "Shop",
    body: "PlaceOrderRequest",
    success: { status: 201, description: "Paid, or waiting at the hosted payment page (redirectUrl)", schema: "PlaceOrderAnswer" },
    errors: { 400: "Invalid details or discount code", 402: "Card declined: nothing charged, stock released", 409: "Out of stock or code already used", 503: "Payment provider unreachable" },
    cache: NO_STORE,
  },
  {
    method: "get",
    path: "/api/orders",
    summary: "The signed-in customer's orders, newest first",
    tag: "Shop",
    success: { status: 200, description: "The orders", schema: "OrderList" },
    errors: { 401: "Not signed in" },
    cache: NO_STORE,
  },
  {
    method: "get",
    path: "/api/orders/{orderNumber}",
    summary: "One of the signed-in customer's orders",
    tag: "Shop",
    params: s.orderNumberParams,
    success: { status: 200, description: "The order", schema: "Order" },
    errors: { 401: "Not signed in", 404: "No such order for this customer" },
    cache: NO_STORE,
  },
  // -- Magazine -------------------------------------------------------------------------------------------
  {
    method: "get",
    path: "/api/vinyl-care-tips",
    summary: "Vinyl care tips, by category then position",
    tag: "Magazine",
    query: s.careTipsQuery,
    success: { status: 200, description: "The tips", schema: "VinylCareTipList" },
    errors: { 400: "Unknown category" },
    cache: PUBLIC_5_MIN,
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This document",
    tag: "Meta",
    success: { status: 200, description: "OpenAPI 3.1", contentType: "application/json" },
    cache: PUBLIC_5_MIN,
  },
];

// ---------------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------------

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Components for one direction: answers are described as sent (output), requests as accepted (input). */
function components(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    io,
    uri: (id) => ref(id).$ref,
    unrepresentable: "any",
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(out).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]));
}

/** Query or path parameters: one entry per field of the object schema, as the server reads it (input). */
function parameters(schema: z.ZodObject | undefined, where: "query" | "path"): JsonSchema[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...fieldSchema }]) => ({
    name,
    in: where,
    required: where === "path" || (json.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: fieldSchema,
  }));
}

function cacheHeader(rule: CacheRule): JsonSchema {
  return "value" in rule
    ? { description: `Always ${rule.value}`, schema: { type: "string", const: rule.value } }
    : { description: rule.description, schema: { type: "string", pattern: rule.pattern.source } };
}

function operationObject(op: ApiOperation): JsonSchema {
  const headers: Record<string, JsonSchema> = {};
  if (op.cache) headers["Cache-Control"] = cacheHeader(op.cache);
  for (const [name, description] of Object.entries(op.success.headers ?? {})) {
    headers[name] = { description, schema: { type: "string" } };
  }
  const content = op.success.schema
    ? { "application/json": { schema: ref(op.success.schema) } }
    : { [op.success.contentType ?? "application/octet-stream"]: {} };
  const statuses = typeof op.success.status === "number" ? [op.success.status] : op.success.status;
  const responses: Record<string, JsonSchema> = {};
  for (const status of statuses) {
    responses[String(status)] = { description: op.success.description, headers, content };
  }
  for (const [status, description] of Object.entries(op.errors ?? {})) {
    responses[status] = { description, content: { "application/json": { schema: ref("Error") } } };
  }
  const params = [...parameters(op.params, "path"), ...parameters(op.query, "query")];
  return {
    operationId: `${op.method}${op.path.replace(/^\/api/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = "") => c.toUpperCase())}`,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: ref(op.body) } } } } : {}),
    responses,
    ...(op.pending
      ? {
          "x-pending": true,
          "x-note":
            "Documented from spec §7 while another engineer builds it; the contract test skips it until served.",
        }
      : {}),
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of API_OPERATIONS) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: "3.1.0",
    info: {
      title: "Needledrop REST API",
      version: "1.0.0",
      description:
        "The spec's /api calls. Requests send credentials (cookie session); mutations need a same-site Origin " +
        "header and a JSON body. Errors answer { error, message } with the same text in both.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/" }],
    tags: [...new Set(API_OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...components(ANSWER_SCHEMAS, "output"), ...components(REQUEST_SCHEMAS, "input") },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
