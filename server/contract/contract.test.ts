import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { listen, useTestApp } from "../../tests/setup/http";
import { lastMailTo } from "../../tests/setup/mail-dir";
import { createApp } from "../app";
import { createServices } from "../services";
import { codeForStep, parseSecretText, stepAt } from "../../app/domain/two-factor/totp";
import { apiErrorSchema } from "./answers";
import { openApiDocument } from "./openapi";
import { ANSWER_SCHEMAS, API_OPERATIONS, type ApiOperation, type CacheRule } from "./operations";

// The REST contract (spec §7), checked live: createApp on a seeded test database, every operation of the
// OpenAPI document called once and its status, body (against its Zod schema) and Cache-Control checked, and
// every failure the document names provoked and its status and Error shape checked.

/** The calls spec §7 lists (and the hinted vinyl-care-tips): every one must be in the document. */
const SPEC_CALLS = [
  "GET /api/user",
  "POST /api/login",
  "POST /api/register",
  "POST /api/logout",
  "POST /api/request-password-reset",
  "GET /api/genre-counts",
  "GET /api/search",
  "GET /api/genres",
  "POST /api/subscribe",
  "GET /api/subscribers/email/{email}",
  "GET /api/recommendations",
  "GET /api/tracks",
  "GET /api/new-releases",
  "GET /api/recent-products",
  "GET /api/pre-orders",
  "GET /api/featured-vinyl",
  "GET /api/artist-spotlight",
  "GET /api/vinyl-trivia",
  "GET /api/album-image",
  "GET /api/vinyl-care-tips",
] as const;

let cookie = "";
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-contract-mail-"));
const password = "contract-password-1";
const account = (name: string) => ({ username: name, email: `${name}@example.com`, password });

// Mail is "sent" into a folder, where the reset probe reads its token.
const shop = useTestApp({
  name: "contract",
  database: "seeded",
  pages: (_req, res) => void res.type("html").send("<p>page</p>"),
  startEnv: { SMTP_URL: undefined, MAIL_DIR: mailDir },
});
beforeAll(async () => {
  // A signed-in customer for the account calls.
  const res = await call("POST", "/api/register", { json: account("contract-alice") });
  expect(res.status).toBe(201);
  cookie = sessionCookie(res);
});
afterAll(() => fs.rmSync(mailDir, { recursive: true, force: true }));

function call(method: string, path: string, { json, cookie: sendCookie }: { json?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { accept: "application/json" };
  // Mutations must come from the shop's own origin (server/http/origin-check.ts).
  if (method !== "GET") headers.origin = shop.base;
  if (json !== undefined) headers["content-type"] = "application/json";
  if (sendCookie) headers.cookie = sendCookie;
  return fetch(`${shop.base}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
}

function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c));
  return set ? set.split(";")[0]! : "";
}

/**
 * A new account with two-factor sign-in on (made and turned on through the services, with the app's key beside the test
 * database as the app's own services use), signed in with its password only: the pending session's cookie and the
 * app's key.
 */
async function signInPendingTwoFactor(name: string): Promise<{ cookie: string; key: Uint8Array }> {
  // Made through the services: the API's sign-ups from this address are limited, and the probes use them up.
  const services = createServices(shop.t.db, { mediaDir: "", mailTransport: { send: async () => {} } });
  const { id } = await services.accounts.register(account(name));
  const { secret } = services.twoFactor.newSecret(name);
  const key = parseSecretText(secret)!;
  services.twoFactor.enable({ id, clientIp: "127.0.0.1" }, { secret, code: codeForStep(key, stepAt(Date.now())) });
  const login = await call("POST", "/api/login", { json: { username: name, password } });
  expect(await login.json()).toEqual({ twoFactorRequired: true });
  return { cookie: sessionCookie(login), key };
}

/** The first call of each operation: a request that must succeed. */
const PROBES: Record<string, () => Promise<Response>> = {
  "GET /api/user": () => call("GET", "/api/user", { cookie }),
  "POST /api/login": () => call("POST", "/api/login", { json: { username: "contract-alice", password } }),
  "POST /api/register": () => call("POST", "/api/register", { json: account("contract-bob") }),
  "POST /api/login/two-factor": async () => {
    const dora = await signInPendingTwoFactor("contract-dora");
    const code = codeForStep(dora.key, stepAt(Date.now()) + 1);
    return call("POST", "/api/login/two-factor", { json: { code }, cookie: dora.cookie });
  },
  "POST /api/logout": async () => {
    const login = await call("POST", "/api/login", { json: { username: "contract-alice", password } });
    return call("POST", "/api/logout", { cookie: sessionCookie(login) });
  },
  "POST /api/request-password-reset": () =>
    call("POST", "/api/request-password-reset", { json: { email: "contract-alice@example.com" } }),
  "POST /api/reset-password": async () => {
    await call("POST", "/api/register", { json: account("contract-carol") });
    await call("POST", "/api/request-password-reset", { json: { email: "contract-carol@example.com" } });
    await expect.poll(() => lastMailTo(mailDir, "contract-carol@example.com")).toBeDefined();
    const mail = lastMailTo(mailDir, "contract-carol@example.com");
    const token = /reset-password\?token=([a-z2-7]+)/.exec(mail?.text ?? "")?.[1] ?? "missing";
    return call("POST", "/api/reset-password", { json: { token, password: "a-brand-new-password" } });
  },
  "GET /api/tracks": () => call("GET", "/api/tracks?page=1&limit=12"),
  "GET /api/tracks/{id}": () => call("GET", "/api/tracks/1"),
  "GET /api/album-image": () => call("GET", "/api/album-image?url=/images/default-cover.jpg&width=64&format=webp"),
  "GET /api/genre-counts": () => call("GET", "/api/genre-counts"),
  "GET /api/genres": () => call("GET", "/api/genres"),
  "GET /api/search": () => call("GET", "/api/search?q=blue"),
  "GET /api/new-releases": () => call("GET", "/api/new-releases"),
  "GET /api/recent-products": () => call("GET", "/api/recent-products"),
  "GET /api/pre-orders": () => call("GET", "/api/pre-orders"),
  "GET /api/featured-vinyl": () => call("GET", "/api/featured-vinyl"),
  "GET /api/artist-spotlight": () => call("GET", "/api/artist-spotlight"),
  "GET /api/vinyl-trivia": () => call("GET", "/api/vinyl-trivia"),
  "GET /api/recommendations": () => call("GET", "/api/recommendations?history=1,2,3"),
  "POST /api/subscribe": () =>
    call("POST", "/api/subscribe", { json: { email: "contract-subscriber@example.com", favoriteGenre: "Jazz" } }),
  "GET /api/subscribers/email/{email}": async () => {
    // The code is only for the browser that subscribed or the signed-in owner: alice subscribes herself.
    const email = "contract-alice@example.com";
    const subscribed = await call("POST", "/api/subscribe", { json: { email, favoriteGenre: "Jazz" }, cookie });
    const cookies = [cookie, ...subscribed.headers.getSetCookie().map((c) => c.split(";")[0]!)];
    return call("GET", `/api/subscribers/email/${encodeURIComponent(email)}`, { cookie: cookies.join("; ") });
  },
  "GET /api/vinyl-care-tips": () => call("GET", "/api/vinyl-care-tips"),
  "GET /api/chat/lookup": () => call("GET", `/api/chat/lookup?q=${encodeURIComponent("Do you have Blue Train?")}`),
  "GET /api/openapi.json": () => call("GET", "/api/openapi.json"),
  "POST /api/cart/price": () =>
    call("POST", "/api/cart/price", { json: { lines: [{ recordId: 1, quantity: 1 }], discountCode: "NOPE" } }),
  "POST /api/orders": () => call("POST", "/api/orders", { json: orderRequest("contract-order-key-0001"), cookie }),
  "GET /api/orders": async () => {
    await call("POST", "/api/orders", { json: orderRequest("contract-order-key-0002"), cookie });
    return call("GET", "/api/orders", { cookie });
  },
  "POST /api/gift-vouchers": () => call("POST", "/api/gift-vouchers", { json: giftVoucherRequest("contract-gift-key-0001") }),
  "GET /api/gift-vouchers/balance": async () => {
    const bought = (await (
      await call("POST", "/api/gift-vouchers", { json: giftVoucherRequest("contract-gift-key-0002") })
    ).json()) as {
      code: string;
    };
    return call("GET", `/api/gift-vouchers/balance?code=${encodeURIComponent(bought.code)}`);
  },
  "GET /api/orders/{orderNumber}": async () => {
    const placed = (await (
      await call("POST", "/api/orders", { json: orderRequest("contract-order-key-0003"), cookie })
    ).json()) as { orderNumber: string };
    return call("GET", `/api/orders/${placed.orderNumber}`, { cookie });
  },
};

/** A printable £25 gift voucher, paid with the offline test card. */
function giftVoucherRequest(idempotencyKey: string, card = "4242 4242 4242 4242") {
  return {
    amountPence: 2500,
    email: "contract-gift@example.com",
    delivery: "print",
    idempotencyKey,
    card: { cardNumber: card, cardExpiry: "12/39", cardCvc: "123" },
  };
}

/** Posts `body` to `path` of the same shop with Stripe configured at an address nothing answers (a 503). */
async function withUnreachableStripe(path: string, body: unknown): Promise<Response> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_contract",
    STRIPE_WEBHOOK_SECRET: "whsec_contract",
    STRIPE_API_URL: "http://127.0.0.1:9",
  });
  const stripeApp = createApp({ db: shop.t.db, pages: (_req, res) => res.type("html").send("<p>page</p>") });
  process.env = saved;
  const server = await listen(stripeApp);
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } finally {
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
    await server.close();
  }
}

/** An order of one copy of the first record with stock, paid with the offline test card. */
function orderRequest(idempotencyKey: string, card = "4242 4242 4242 4242") {
  const row = shop.t.db.$client
    .prepare(
      "select id from records where stock_quantity > 3 and hidden_by_content = 0 and release_date <= '2026-01-01' order by id limit 1",
    )
    .get() as { id: number };
  return {
    idempotencyKey,
    email: "contract-alice@example.com",
    name: "Alice Contract",
    addressLine1: "1 Test Street",
    city: "London",
    postalCode: "sw1a1aa",
    lines: [{ recordId: row.id, quantity: 1 }],
    card: { cardNumber: card, cardExpiry: "12/30", cardCvc: "123" },
  };
}

/** Documented failures: each must answer its documented status with the Error shape. */
const ERROR_PROBES: { key: string; status: number; run: () => Promise<Response> }[] = [
  { key: "GET /api/user", status: 401, run: () => call("GET", "/api/user") },
  {
    key: "POST /api/login",
    status: 401,
    run: () => call("POST", "/api/login", { json: { username: "contract-alice", password: "wrong-password" } }),
  },
  { key: "POST /api/register", status: 400, run: () => call("POST", "/api/register", { json: { username: "x" } }) },
  {
    key: "POST /api/register",
    status: 409,
    run: () => call("POST", "/api/register", { json: account("contract-alice") }),
  },
  { key: "POST /api/login", status: 400, run: () => call("POST", "/api/login", { json: { username: "contract-alice" } }) },
  {
    key: "POST /api/login/two-factor",
    status: 401,
    run: () => call("POST", "/api/login/two-factor", { json: { code: "123456" } }),
  },
  {
    key: "POST /api/login/two-factor",
    status: 400,
    run: async () => {
      const erin = await signInPendingTwoFactor("contract-erin");
      const right = codeForStep(erin.key, stepAt(Date.now()) + 1);
      const code = right === "000000" ? "000001" : "000000";
      return call("POST", "/api/login/two-factor", { json: { code }, cookie: erin.cookie });
    },
  },
  {
    key: "POST /api/request-password-reset",
    status: 400,
    run: () => call("POST", "/api/request-password-reset", { json: { email: "not an address" } }),
  },
  { key: "GET /api/tracks", status: 400, run: () => call("GET", "/api/tracks?page=0") },
  { key: "GET /api/tracks/{id}", status: 400, run: () => call("GET", "/api/tracks/abc") },
  { key: "GET /api/album-image", status: 404, run: () => call("GET", "/api/album-image?url=/images/no-such-image.jpg&width=64") },
  { key: "GET /api/search", status: 400, run: () => call("GET", `/api/search?q=${"a".repeat(101)}`) },
  { key: "GET /api/chat/lookup", status: 400, run: () => call("GET", "/api/chat/lookup?q=%20%20") },
  { key: "GET /api/vinyl-care-tips", status: 400, run: () => call("GET", "/api/vinyl-care-tips?category=polishing") },
  {
    key: "GET /api/subscribers/email/{email}",
    status: 404,
    run: () => call("GET", `/api/subscribers/email/${encodeURIComponent("nobody-here@example.com")}`, { cookie }),
  },
  { key: "GET /api/tracks/{id}", status: 404, run: () => call("GET", "/api/tracks/987654321") },
  { key: "GET /api/album-image", status: 400, run: () => call("GET", "/api/album-image?width=64") },
  {
    key: "POST /api/reset-password",
    status: 400,
    run: () => call("POST", "/api/reset-password", { json: { token: "nope", password } }),
  },
  {
    key: "POST /api/cart/price",
    status: 400,
    run: () => call("POST", "/api/cart/price", { json: { lines: [{ recordId: 1, quantity: 0 }] } }),
  },
  {
    key: "POST /api/orders",
    status: 400,
    run: () => call("POST", "/api/orders", { json: { ...orderRequest("contract-order-key-0004"), postalCode: "12345" } }),
  },
  {
    key: "POST /api/orders",
    status: 402,
    run: () => call("POST", "/api/orders", { json: orderRequest("contract-order-key-0005", "4000 0000 0000 0002") }),
  },
  {
    key: "POST /api/orders",
    status: 409,
    run: () => {
      const scarce = shop.t.db.$client
        .prepare(
          "select id from records where stock_quantity between 1 and 9 and hidden_by_content = 0 and release_date <= '2026-01-01' limit 1",
        )
        .get() as { id: number };
      return call("POST", "/api/orders", {
        json: { ...orderRequest("contract-order-key-0006"), lines: [{ recordId: scarce.id, quantity: 10 }] },
      });
    },
  },
  {
    key: "POST /api/orders",
    status: 503,
    run: () => {
      // The same shop with Stripe configured at an address nothing answers: the session cannot be opened.
      const { card: _card, ...details } = orderRequest("contract-order-key-0007");
      return withUnreachableStripe("/api/orders", details);
    },
  },
  {
    key: "POST /api/gift-vouchers",
    status: 400,
    run: () =>
      call("POST", "/api/gift-vouchers", { json: { ...giftVoucherRequest("contract-gift-key-0003"), amountPence: 1050 } }),
  },
  {
    key: "POST /api/gift-vouchers",
    status: 402,
    run: () => call("POST", "/api/gift-vouchers", { json: giftVoucherRequest("contract-gift-key-0004", DECLINED) }),
  },
  {
    key: "POST /api/gift-vouchers",
    status: 409,
    run: () =>
      call("POST", "/api/gift-vouchers", {
        json: { ...giftVoucherRequest("contract-gift-key-0001"), email: "someone-else@example.com" },
      }),
  },
  {
    key: "POST /api/gift-vouchers",
    status: 503,
    run: () => {
      const { card: _card, ...details } = giftVoucherRequest("contract-gift-key-0005");
      return withUnreachableStripe("/api/gift-vouchers", details);
    },
  },
  { key: "GET /api/gift-vouchers/balance", status: 400, run: () => call("GET", "/api/gift-vouchers/balance") },
  {
    key: "GET /api/gift-vouchers/balance",
    status: 404,
    run: () => call("GET", "/api/gift-vouchers/balance?code=ABCD-EFGH-JKMN-PQRS"),
  },
  { key: "GET /api/orders", status: 401, run: () => call("GET", "/api/orders") },
  { key: "GET /api/orders/{orderNumber}", status: 401, run: () => call("GET", "/api/orders/ND-AAAAAAAA") },
  { key: "GET /api/orders/{orderNumber}", status: 404, run: () => call("GET", "/api/orders/ND-AAAAAAAA", { cookie }) },
  {
    key: "POST /api/subscribe",
    status: 400,
    run: () => call("POST", "/api/subscribe", { json: { email: "not-an-email", favoriteGenre: "Jazz" } }),
  },
  // Last, as they use up this address's allowance (server/auth/rate-limits.ts) by real attempts.
  {
    key: "POST /api/login",
    status: 429,
    run: () => untilRefused(() => call("POST", "/api/login", { json: { username: "contract-dave", password } })),
  },
  {
    key: "POST /api/login/two-factor",
    status: 429,
    run: async () => {
      const fred = await signInPendingTwoFactor("contract-fred");
      const right = codeForStep(fred.key, stepAt(Date.now()) + 1);
      const code = right === "000000" ? "000001" : "000000";
      return untilRefused(() => call("POST", "/api/login/two-factor", { json: { code }, cookie: fred.cookie }));
    },
  },
  {
    key: "POST /api/register",
    status: 429,
    run: () => untilRefused(() => call("POST", "/api/register", { json: account(`contract-many-${++attempts}`) })),
  },
  {
    key: "POST /api/request-password-reset",
    status: 429,
    run: () => untilRefused(() => call("POST", "/api/request-password-reset", { json: { email: "contract-alice@example.com" } })),
  },
  {
    key: "POST /api/subscribe",
    status: 429,
    run: () =>
      untilRefused(() =>
        call("POST", "/api/subscribe", { json: { email: `many-${++attempts}@example.com`, favoriteGenre: "Jazz" } }),
      ),
  },
  {
    key: "GET /api/gift-vouchers/balance",
    status: 429,
    run: () =>
      untilRefused(() => call("GET", `/api/gift-vouchers/balance?code=WXYZ-${String(++attempts).padStart(4, "2")}-2345-6789`)),
  },
  {
    key: "POST /api/orders",
    status: 429,
    run: () =>
      untilRefused(() => call("POST", "/api/orders", { json: orderRequest(`contract-order-many-${++attempts}`, DECLINED) })),
  },
  {
    key: "POST /api/gift-vouchers",
    status: 429,
    run: () =>
      untilRefused(() =>
        call("POST", "/api/gift-vouchers", { json: giftVoucherRequest(`contract-gift-many-${++attempts}`, DECLINED) }),
      ),
  },
];

const DECLINED = "4000 0000 0000 0002";
let attempts = 0;

/** Repeats a counted attempt until it is refused (no limit is above 20). */
async function untilRefused(run: () => Promise<Response>): Promise<Response> {
  for (let i = 0; i < 20; i++) {
    const res = await run();
    if (res.status === 429) return res;
  }
  return run();
}

const keyOf = (op: Pick<ApiOperation, "method" | "path">) => `${op.method.toUpperCase()} ${op.path}`;
const operation = (key: string) => API_OPERATIONS.find((op) => keyOf(op) === key);

function expectCache(res: Response, rule: CacheRule | null, key: string) {
  const header = res.headers.get("cache-control");
  if (rule === null) return expect(header, `${key} sets no Cache-Control`).toBeNull();
  if ("value" in rule) return expect(header, `${key} Cache-Control`).toBe(rule.value);
  expect(header ?? "", `${key} Cache-Control: ${rule.description}`).toMatch(rule.pattern);
}

describe("the OpenAPI document", () => {
  it("is served at /api/openapi.json as generated from the schemas", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("documents every spec §7 call", () => {
    const documented = API_OPERATIONS.map(keyOf);
    for (const key of SPEC_CALLS) expect(documented, key).toContain(key);
  });

  it("is well formed: unique operation ids, every $ref resolves, every path parameter declared", () => {
    const doc = openApiDocument();
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty([ref.split("/").at(-1)!.slice(0, -1)]);
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item) as { operationId: string; parameters?: { name: string; in: string }[] }[]) {
        ids.push(op.operationId);
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          expect(
            op.parameters?.some((p) => p.in === "path" && `{${p.name}}` === name),
            `${path} ${name}`,
          ).toBe(true);
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("describes ordering abroad: the country as an ISO code, the delivery service, the phone and the VAT line", () => {
    interface JsonSchema {
      properties: Record<string, JsonSchema>;
      enum: unknown[];
      description: string;
    }
    const { schemas } = openApiDocument().components as unknown as { schemas: Record<string, JsonSchema> };
    for (const request of ["PlaceOrderRequest", "CartPriceRequest"]) {
      const { properties } = schemas[request]!;
      expect(properties.country!.description, request).toMatch(/ISO 3166/);
      expect(properties.deliveryService!.enum, request).toEqual(["tracked_48", "tracked_24", "intl_standard", "intl_tracked"]);
    }
    expect(schemas.PlaceOrderRequest!.properties).toHaveProperty("phone");
    const vat = schemas.PlaceOrderAnswer!.properties.totals!.properties.vat!;
    expect(vat.properties.treatment!.enum).toEqual(["uk", "export", "ioss"]);
    expect(Object.keys(vat.properties)).toEqual(
      expect.arrayContaining(["countryCode", "rateBasisPoints", "exportReason", "consignmentEuroCents"]),
    );
  });

  it("has a probe for every documented operation (so none goes unchecked)", () => {
    for (const op of API_OPERATIONS) expect(PROBES, keyOf(op)).toHaveProperty([keyOf(op)]);
  });
});

describe("every documented operation is served as documented", () => {
  for (const [path, item] of Object.entries(openApiDocument().paths)) {
    for (const method of Object.keys(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      it(key, async () => {
        const op = operation(key)!;
        const res = await PROBES[key]!();
        const statuses: readonly number[] = typeof op.success.status === "number" ? [op.success.status] : op.success.status;
        const text = await res.clone().text();
        expect(statuses, `${key} answered ${res.status}: ${text.slice(0, 300)}`).toContain(res.status);
        expectCache(res, op.cache, key);
        if (op.success.schema) {
          expect(res.headers.get("content-type")).toContain("application/json");
          const schema: z.ZodType = ANSWER_SCHEMAS[op.success.schema];
          const parsed = schema.safeParse(JSON.parse(text));
          expect(parsed.success ? null : parsed.error.issues.slice(0, 5), `${key} body vs ${op.success.schema}`).toBeNull();
        } else if (op.success.contentType) {
          const [type, subtype] = op.success.contentType.split("/");
          const contentType = res.headers.get("content-type") ?? "";
          expect(contentType.startsWith(subtype === "*" ? `${type}/` : op.success.contentType), contentType).toBe(true);
        }
        for (const header of Object.keys(op.success.headers ?? {})) {
          expect(res.headers.get(header), `${key} ${header}`).not.toBeNull();
        }
      });
    }
  }
});

describe("documented failures answer their status with the Error shape", () => {
  for (const probe of ERROR_PROBES) {
    it(`${probe.key} → ${probe.status}`, async () => {
      const op = operation(probe.key)!;
      expect(op.errors, `${probe.key} documents ${probe.status}`).toHaveProperty([String(probe.status)]);
      const res = await probe.run();
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(probe.status);
      expect(apiErrorSchema.safeParse(JSON.parse(text)).success, text.slice(0, 300)).toBe(true);
      // A refusal is never kept by a cache, whatever the call's success may be.
      expect(res.headers.get("cache-control")).toBe("no-store");
      // A rate limit says when to come back, as the document's header says.
      if (probe.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  }

  it("every failure the document names has a probe (so none goes unchecked)", () => {
    const probed = new Set(ERROR_PROBES.map((p) => `${p.key} ${p.status}`));
    for (const op of API_OPERATIONS) {
      for (const status of Object.keys(op.errors ?? {}))
        expect(probed, `${keyOf(op)} ${status}`).toContain(`${keyOf(op)} ${status}`);
    }
  });
});

describe("documented edge answers", () => {
  it("GET /api/search answers [] below 2 non-space characters, as its description says", async () => {
    expect(operation("GET /api/search")!.description).toContain("Fewer than 2 non-space characters find nothing");
    for (const q of ["", "a", "  b "]) {
      const res = await call("GET", `/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(200);
      expect(await res.json()).toEqual([]);
    }
  });
});
