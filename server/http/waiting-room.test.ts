import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setShopClock } from "../../db/clock";
import { dropEntries } from "../../db/schema";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { useTestApp } from "../../tests/setup/http";
import { RATE_LIMITS } from "../auth/rate-limits";

// The waiting room over real HTTP. TRUST_PROXY=loopback lets each test be a fresh client (X-Forwarded-For).
const shop = useTestApp({
  name: "waiting-room",
  database: "migrated",
  startEnv: { TRUST_PROXY: "loopback", SMTP_URL: undefined },
});
afterEach(() => setShopClock(shop.t.db.$client, undefined));
const at = (iso: string) => setShopClock(shop.t.db.$client, () => new Date(iso));

const ON_SALE = "2026-11-28T08:00:00.000Z";
let clients = 0;
const freshAddress = () => `10.62.${++clients}.7`;

function get(path: string, ip: string, cookie?: string) {
  return fetch(`${shop.base}${path}`, { headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
}
const cookieOf = (res: Response) => res.headers.get("set-cookie")!.split(";")[0]!;

describe("the waiting room", () => {
  it("gives a browser a cookie and a place, and shows it again on a refresh without taking another", async () => {
    const id = insertRecord(shop.t.db, { isDrop: true, onSaleAt: ON_SALE, stockQuantity: 5 }).id;
    at("2026-11-28T07:40:00.000Z");
    const ip = freshAddress();
    const first = await get(`/drops/${id}`, ip);
    expect(first.status).toBe(200);
    const cookie = cookieOf(first);
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const html = await first.text();
    expect(html).toContain('<meta http-equiv="refresh" content="15"/>');
    expect(html).toContain("everyone here is put in a random order");
    const again = await get(`/drops/${id}`, ip, cookie);
    expect(again.headers.get("set-cookie")).toBeNull();
    const rows = shop.t.db.select().from(dropEntries).where(eq(dropEntries.recordId, id)).all();
    expect(rows).toHaveLength(1);
    // Only the token's hash is kept.
    expect(rows[0]!.sessionKey).not.toContain(cookie.split("=")[1]!);
  });

  it("refuses a second browser from the same network with a plain message", async () => {
    const id = insertRecord(shop.t.db, { isDrop: true, onSaleAt: ON_SALE, stockQuantity: 5 }).id;
    at("2026-11-28T07:40:00.000Z");
    const ip = freshAddress();
    await get(`/drops/${id}`, ip);
    const second = await get(`/drops/${id}`, ip.replace(/\.7$/, ".8"));
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("Someone on your network already has a place in this queue");
  });

  it("answers 429 to a client refreshing far too often, and its place never moves", async () => {
    const id = insertRecord(shop.t.db, { isDrop: true, onSaleAt: ON_SALE, stockQuantity: 1 }).id;
    at("2026-11-28T07:40:00.000Z");
    const ip = freshAddress();
    const cookie = cookieOf(await get(`/drops/${id}`, ip));
    const before = shop.t.db.select().from(dropEntries).where(eq(dropEntries.recordId, id)).get()!;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.waitingRoomPerAddress.limit + 10; i++)
      statuses.push((await get(`/drops/${id}`, ip, cookie)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    const refused = await get(`/drops/${id}`, ip, cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const after = shop.t.db.select().from(dropEntries).where(eq(dropEntries.recordId, id)).all();
    expect(after).toEqual([before]);
  });

  it("lets a browser holding a copy put it in the cart and go to checkout; others go back to their place", async () => {
    const id = insertRecord(shop.t.db, { isDrop: true, onSaleAt: ON_SALE, stockQuantity: 1 }).id;
    at("2026-11-28T07:40:00.000Z");
    const [a, b] = [freshAddress(), freshAddress()];
    const cookieA = cookieOf(await get(`/drops/${id}`, a));
    const cookieB = cookieOf(await get(`/drops/${id}`, b));
    at("2026-11-28T08:00:05.000Z");
    const pages = [await (await get(`/drops/${id}`, a, cookieA)).text(), await (await get(`/drops/${id}`, b, cookieB)).text()];
    const holder = pages[0]!.includes("It&#x27;s your turn") ? { ip: a, cookie: cookieA } : { ip: b, cookie: cookieB };
    const waiter = holder.ip === a ? { ip: b, cookie: cookieB } : { ip: a, cookie: cookieA };
    expect(pages.filter((p) => p.includes("A copy is held for you until 08:10"))).toHaveLength(1);

    const post = (who: { ip: string; cookie: string }) =>
      fetch(`${shop.base}/drops/${id}`, {
        method: "POST",
        headers: { origin: shop.base, "x-forwarded-for": who.ip, cookie: who.cookie },
        redirect: "manual",
      });
    const taken = await post(holder);
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toBe("/checkout");
    expect(taken.headers.get("set-cookie")).toContain(`needledrop-cart=${id}x1`);
    const refused = await post(waiter);
    expect(refused.headers.get("location")).toBe(`/drops/${id}`);
    expect(refused.headers.get("set-cookie")).toBeNull();
  });

  it("says there is no queue for a record that is not a drop, and for junk", async () => {
    const id = insertRecord(shop.t.db, { stockQuantity: 1 }).id;
    expect((await get(`/drops/${id}`, freshAddress())).status).toBe(404);
    expect((await get(`/drops/abc`, freshAddress())).status).toBe(404);
    expect((await get(`/drops/99999999999999999999`, freshAddress())).status).toBe(404);
  });
});
