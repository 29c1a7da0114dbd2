import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it, vi } from "vitest";
import { customerListQuerySchema, type CustomerListQuery } from "../../app/domain/customers/customer-list";
import { lifetimeSpendPence } from "../../app/domain/customers/lifetime-spend";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import { clubMemberships, orders, subscribers, users, wantAddresses, wants } from "../../db/schema";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let n = 0;
const tag = `cu${process.pid}`;

function customer(fields: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  return shop.t.db
    .insert(users)
    .values({ username: `${tag}x${n}`, passwordHash: "x", email: `${tag}x${n}@example.com`, ...fields })
    .returning()
    .get();
}

function order(userId: number | null, status: OrderStatus, totalPence: number, extra: Partial<typeof orders.$inferInsert> = {}) {
  n += 1;
  return shop.t.db
    .insert(orders)
    .values({
      orderNumber: `ND-T${String(n).padStart(7, "A")}`,
      userId,
      email: `${tag}-order${n}@example.com`,
      status,
      shippingName: "Test Buyer",
      addressLine1: "1 Record Row",
      city: "London",
      postalCode: "E1 6AN",
      itemsPence: totalPence,
      shippingPence: 0,
      totalPence,
      vatPence: Math.round(totalPence / 6),
      idempotencyKey: `${tag}-key-${n}-abcdefghijkl`,
      ...extra,
    })
    .returning()
    .get();
}

const list = (query: Partial<CustomerListQuery> = {}) =>
  shop.s.adminCustomers.list(customerListQuerySchema.parse({ q: tag, ...query }));

describe("the back office's customer list", () => {
  it("finds customers by name, e-mail or postcode (their own or an order's), never staff", () => {
    const ada = customer({ firstName: "Ada", lastName: "Lovelace", zipCode: "SW1A 1AA" });
    const bob = customer({ firstName: "Bob", lastName: "Marley" });
    order(bob.id, "paid", 1000, { postalCode: "KT2 7AX" });
    customer({ firstName: "Ada", lastName: "Staff", role: "admin" });
    const find = (q: string) => shop.s.adminCustomers.list(customerListQuerySchema.parse({ q })).customers.map((c) => c.id);
    expect(find("ada lovelace")).toEqual([ada.id]);
    expect(find("LOVELACE")).toEqual([ada.id]);
    expect(find(ada.email.toUpperCase())).toEqual([ada.id]);
    expect(find("sw1a1aa")).toEqual([ada.id]);
    expect(find("kt2 7ax")).toEqual([bob.id]);
    // % and _ are themselves, not wildcards.
    expect(find("%")).toEqual([]);
  });

  it("shows each customer's orders, lifetime spend and last order by the one rule, and sorts by either", () => {
    const big = customer();
    const small = customer();
    const none = customer();
    order(big.id, "delivered", 5000, { createdAt: "2026-01-01T10:00:00.000Z" });
    order(big.id, "partially_refunded", 3000, { refundedPence: 1000, createdAt: "2026-02-01T10:00:00.000Z" });
    order(big.id, "cancelled", 9000, { createdAt: "2026-03-01T10:00:00.000Z" });
    order(big.id, "pending_payment", 9000, { createdAt: "2026-04-01T10:00:00.000Z" });
    order(small.id, "paid", 1500, { createdAt: "2026-05-01T10:00:00.000Z" });
    order(small.id, "refunded", 2000, { refundedPence: 2000, createdAt: "2026-04-15T10:00:00.000Z" });
    const rows = list().customers.filter((c) => [big.id, small.id, none.id].includes(c.id));
    expect(rows.map((c) => [c.id, c.orderCount, c.spendPence, c.lastOrderAt])).toEqual([
      [big.id, 3, 7000, "2026-03-01T10:00:00.000Z"],
      [small.id, 2, 1500, "2026-05-01T10:00:00.000Z"],
      [none.id, 0, 0, null],
    ]);
    const byLastOrder = list({ sort: "last-order" })
      .customers.filter((c) => [big.id, small.id, none.id].includes(c.id))
      .map((c) => c.id);
    expect(byLastOrder).toEqual([small.id, big.id, none.id]);
  });

  it("agrees with the pure rule for every customer, and a customer's page says the same", () => {
    const all = shop.s.adminCustomers.list(customerListQuerySchema.parse({}));
    expect(all.total).toBeGreaterThan(3);
    for (const row of list().customers) {
      const detail = shop.s.adminCustomers.get(row.id);
      expect(detail.spendPence, String(row.id)).toBe(lifetimeSpendPence(detail.orders));
      expect([detail.orderCount, detail.spendPence, detail.lastOrderAt]).toEqual([
        row.orderCount,
        row.spendPence,
        row.lastOrderAt,
      ]);
    }
  });

  it("reads a page in the same number of statements however many customers it shows", () => {
    const statements = (run: () => unknown) => {
      const spy = vi.spyOn(shop.t.db.$client, "prepare");
      try {
        run();
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const few = statements(() => shop.s.adminCustomers.list(customerListQuerySchema.parse({ q: "nobody-at-all" })));
    for (let i = 0; i < 30; i += 1) order(customer().id, "paid", 1000);
    const full = statements(() => list());
    expect(list().customers).toHaveLength(25);
    expect([few, full]).toEqual([2, 2]);
  });

  it("pages, keeping a page past the end on the last one", () => {
    const last = list({ page: 999 });
    expect(last.page).toBe(last.pageCount);
    expect(last.customers.length).toBeGreaterThan(0);
  });
});

describe("a customer's page", () => {
  it("holds their details, orders, wants, club membership and newsletter state", () => {
    const c = customer({ firstName: "Nina", lastName: "Simone", city: "Bristol", zipCode: "BS1 4DJ" });
    const placed = order(c.id, "shipped", 2600);
    const record = insertRecord(shop.t.db, { title: "Wild Is the Wind", artist: "Nina Simone" });
    const address = shop.t.db
      .insert(wantAddresses)
      .values({ email: c.email, userId: c.id, confirmedAt: "2026-01-01" })
      .returning()
      .get();
    shop.t.db.insert(wants).values({ addressId: address.id, recordId: record.id, backInStock: true }).run();
    shop.t.db
      .insert(clubMemberships)
      .values({
        userId: c.id,
        plan: "two-lp",
        favouriteGenre: "Jazz",
        startedOn: "2026-01-10",
        billingDay: 10,
        currentPeriodEnd: "2026-12-10",
        nextShipmentOn: "2026-11-30",
        paymentToken: "pm_test",
        cardLast4: "4242",
      })
      .run();
    shop.t.db.insert(subscribers).values({ email: c.email, favoriteGenre: "Jazz" }).run();
    const page = shop.s.adminCustomers.get(c.id, "2026-11-25");
    expect(page).toMatchObject({
      firstName: "Nina",
      address: { city: "Bristol", postcode: "BS1 4DJ" },
      orderCount: 1,
      spendPence: 2600,
      orders: [{ orderNumber: placed.orderNumber, status: "shipped", totalPence: 2600 }],
      wants: [{ recordId: record.id, title: "Wild Is the Wind", status: "active" }],
      club: { status: "active", plan: { id: "two-lp" }, nextShipmentOn: "2026-11-30" },
      newsletter: { state: "subscribed" },
    });
    expect(list({ q: "simone" }).customers).toMatchObject([{ id: c.id, clubPlan: "two-lp" }]);
  });

  it("is not there for a staff account or a number nobody has", () => {
    const staff = customer({ role: "admin" });
    expect(() => shop.s.adminCustomers.get(staff.id)).toThrow("No customer has that number.");
    expect(() => shop.s.adminCustomers.get(999_999)).toThrow("No customer has that number.");
  });
});

describe("the customer list's CSV", () => {
  it("holds the searched list with spend in pounds, formula-like cells made text", () => {
    const c = customer({ firstName: "=cmd|' /C calc'!A0", lastName: null });
    order(c.id, "paid", 123456);
    const rows = parseCsv(shop.s.adminCustomers.csv({ q: "=cmd", sort: "spend" }), { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      "Customer id",
      "Name",
      "Email",
      "Postcode",
      "Orders",
      "Lifetime spend (GBP)",
      "Last order (London)",
      "Record club",
      "Account opened (London)",
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[7]])).toEqual([
      [String(c.id), "'=cmd|' /C calc'!A0", "1", "1234.56", "No"],
    ]);
  });
});
