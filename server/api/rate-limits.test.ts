import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/setup/http";
import { RATE_LIMITS, type AddressLimitName } from "../auth/rate-limits";

// Every per-address limit at the shop's own numbers, over real HTTP: REST answers 429 { error, message }
// with Retry-After, tRPC answers TOO_MANY_REQUESTS with Retry-After, and another address is still served.
// TRUST_PROXY=loopback lets each test be a fresh client address (X-Forwarded-For).

const shop = useTestApp({ name: "rate-limits", database: "seeded", startEnv: { TRUST_PROXY: "loopback", SMTP_URL: undefined } });

let addresses = 0;
const freshAddress = () => `10.61.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function post(path: string, body: unknown, ip: string) {
  return fetch(`${shop.base}${path}`, {
    method: "POST",
    headers: { origin: shop.base, "content-type": "application/json", accept: "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
}

let n = 0;
function recordInStock(): number {
  const row = shop.t.db.$client
    .prepare(
      "select id from records where stock_quantity > 50 and hidden_by_content = 0 and release_date <= '2026-01-01' limit 1",
    )
    .get() as { id: number } | undefined;
  if (row) return row.id;
  shop.t.db.$client.prepare("update records set stock_quantity = 100 where id = 1").run();
  return 1;
}
/** An order the offline test card declines: a counted attempt that changes no stock. */
function declinedOrder() {
  n += 1;
  return {
    idempotencyKey: `rate-limit-order-${n}-${Math.random().toString(36).slice(2)}`,
    email: `limited${n}@example.com`,
    name: "Limited Shopper",
    addressLine1: "1 Limit Lane",
    city: "Leeds",
    postalCode: "LS1 4DY",
    lines: [{ recordId: recordInStock(), quantity: 1 }],
    card: { cardNumber: "4000 0000 0000 0002", cardExpiry: "12/30", cardCvc: "123" },
  };
}

interface Case {
  name: AddressLimitName;
  path: string;
  body: () => unknown;
  /** What an answer under the limit may be. */
  served: number[];
}

const CASES: Case[] = [
  {
    name: "registrationsPerAddress",
    path: "/api/register",
    body: () => ({ username: `limited-${++n}`, email: `limited-${n}@example.com`, password: "secret-password" }),
    served: [201],
  },
  {
    name: "resetRequestsPerAddress",
    path: "/api/request-password-reset",
    body: () => ({ email: "someone@example.com" }),
    served: [200],
  },
  {
    name: "newsletterPerAddress",
    path: "/api/subscribe",
    body: () => ({ email: `reader-${++n}@example.com`, favoriteGenre: "Jazz" }),
    served: [201],
  },
  { name: "checkoutPerAddress", path: "/api/orders", body: declinedOrder, served: [402] },
  {
    name: "newsletterPerAddress",
    path: "/trpc/subscribe.create",
    body: () => ({ email: `trpc-reader-${++n}@example.com`, favoriteGenre: "Jazz" }),
    served: [200],
  },
  { name: "checkoutPerAddress", path: "/trpc/checkout.placeOrder", body: declinedOrder, served: [200] },
  {
    name: "wantsPerAddress",
    path: "/trpc/wants.create",
    body: () => ({ recordId: 1, email: `wanter-${++n}@example.com`, backInStock: true }),
    served: [200],
  },
];

describe("per-address limits answer 429 with Retry-After", () => {
  for (const c of CASES) {
    const { limit, windowMs } = RATE_LIMITS[c.name];
    it(`${c.path}: ${limit} in ${windowMs / 60_000} minutes from one address, then 429`, async () => {
      const ip = freshAddress();
      for (let i = 0; i < limit; i++) {
        const res = await post(c.path, c.body(), ip);
        expect(c.served, `attempt ${i + 1}: ${await res.clone().text()}`).toContain(res.status);
      }
      const refused = await post(c.path, c.body(), ip);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(windowMs / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual((windowMs * 13) / 12 / 1000);
      const body = (await refused.json()) as {
        error?: { message: string; data: { code: string; httpStatus: number } };
        message?: string;
      };
      const minutes = Math.ceil(retryAfter / 60);
      if (c.path.startsWith("/trpc")) {
        expect(body.error?.data).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429 });
        expect(body.error?.message).toBe(`${RATE_LIMITS[c.name].refusal} Try again in ${minutes} minutes.`);
      } else {
        expect(body).toEqual({ error: body.message, message: `${RATE_LIMITS[c.name].refusal} Try again in ${minutes} minutes.` });
        expect(refused.headers.get("cache-control")).toBe("no-store");
      }
      // Someone else is still served.
      expect(c.served).toContain((await post(c.path, c.body(), freshAddress())).status);
    });
  }

  it("a refused sign-up does no work: no account is made", async () => {
    const ip = freshAddress();
    for (let i = 0; i < RATE_LIMITS.registrationsPerAddress.limit; i++) {
      await post("/api/register", { username: `worker-${i}`, email: `worker-${i}@example.com`, password: "secret-password" }, ip);
    }
    const refused = await post(
      "/api/register",
      { username: "one-too-many", email: "one-too-many@example.com", password: "secret-password" },
      ip,
    );
    expect(refused.status).toBe(429);
    expect(shop.t.db.$client.prepare("select count(*) as n from users where username = 'one-too-many'").get()).toEqual({ n: 0 });
  });
});
