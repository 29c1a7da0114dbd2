import { parse as parseCsv } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffRoles, totpCredentials, users } from "../../../../db/schema";
import { signedInAdmin, paidOrderNumber } from "../../../../tests/setup/admin-routes";
import { newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../../tests/setup/route-context";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { orders } from "../../../../db/schema";
import { loader as exportLoader, handle as exportHandle } from "./customer-export";
import { loader as detailLoader, handle as detailHandle } from "./customer-detail";
import { loader as listLoader, handle as listHandle } from "./customer-list";

const shop = useShopServices();
const args = (path: string, cookie?: string) => routeArgs({ db: shop.t.db, services: shop.s }, pageGet(path, cookie));
/** A customer page's arguments, with its userId parameter. */
const detailArgs = (userId: string, cookie?: string) => ({ ...args(`/admin/customers/${userId}`, cookie), params: { userId } });

/** A member of staff in `role` (a built-in one, or a custom one), with a second factor, signed in. */
async function staff(role: string) {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin", staffRole: role }).where(eq(users.id, user.id)).run();
  shop.t.db.insert(totpCredentials).values({ userId: user.id, secretEncrypted: "test" }).onConflictDoNothing().run();
  return sessionOf(shop.s, user.id).cookie;
}

/** A customer with one paid order, made through the real checkout and linked to their account. */
async function customerWithOrder(name: { firstName: string; lastName: string }) {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set(name).where(eq(users.id, user.id)).run();
  const orderNumber = await paidOrderNumber(shop);
  shop.t.db.update(orders).set({ userId: user.id }).where(eq(orders.orderNumber, orderNumber)).run();
  return { user, orderNumber };
}

describe("the customers pages", () => {
  it("need customers.view (the CSV customers.export): a packer gets a 403 from each, signed out goes to sign in", async () => {
    expect([listHandle.permission, detailHandle.permission, exportHandle.permission]).toEqual([
      "customers.view",
      "customers.view",
      "customers.export",
    ]);
    const packer = await staff("packer");
    const { user } = await customerWithOrder({ firstName: "Pat", lastName: "Packer" });
    expect(await settle(() => listLoader(args("/admin/customers", packer)))).toMatchObject({ thrown: true, status: 403 });
    expect(await settle(() => detailLoader(detailArgs(String(user.id), packer)))).toMatchObject({
      thrown: true,
      status: 403,
    });
    expect(await settle(() => exportLoader(args("/admin/customers/export.csv", packer)))).toMatchObject({
      thrown: true,
      status: 403,
    });
    const signedOut = await settle(() => listLoader(args("/admin/customers")));
    expect(signedOut.location).toMatch(/^\/auth\?redirectTo=%2Fadmin%2Fcustomers/);
  });

  it("list and search customers for a manager, who may export them", async () => {
    const manager = await staff("manager");
    const { user } = await customerWithOrder({ firstName: "Grace", lastName: "Hopper" });
    const out = await settle(() => listLoader(args("/admin/customers?q=hopper&sort=last-order", manager)));
    expect(out.status).toBe(200);
    expect(out.data).toMatchObject({ canExport: true, total: 1, query: { q: "hopper", sort: "last-order" } });
    expect(out.data!.customers).toMatchObject([{ id: user.id, orderCount: 1, spendPence: expect.any(Number) }]);
    expect(out.data!.customers[0]!.spendPence).toBeGreaterThan(0);
  });

  it("hide the export from a role that may view customers but not export them", async () => {
    shop.t.db
      .insert(staffRoles)
      .values({ key: "viewer", name: "Viewer", permissions: ["customers.view"] })
      .run();
    const viewer = await staff("viewer");
    const out = await settle(() => listLoader(args("/admin/customers", viewer)));
    expect(out).toMatchObject({ status: 200, data: { canExport: false } });
    expect(await settle(() => exportLoader(args("/admin/customers/export.csv", viewer)))).toMatchObject({
      thrown: true,
      status: 403,
    });
  });

  it("answer a hand-edited address with a 400 and a short message, not a 500", async () => {
    const admin = await signedInAdmin(shop);
    for (const query of ["?sort=password", "?page=-1", `?q=${"x".repeat(101)}`]) {
      const out = await settle(() => listLoader(args(`/admin/customers${query}`, admin.cookie)));
      expect(out.status, query).toBe(400);
      expect(out.data!.problem, query).toMatch(/^[A-Z].{5,120}$/);
      expect(await settle(() => exportLoader(args(`/admin/customers/export.csv${query}`, admin.cookie))), query).toMatchObject({
        thrown: true,
        status: 400,
      });
    }
    for (const userId of ["abc", "0", "999999"]) {
      const out = await settle(() => detailLoader(detailArgs(userId, admin.cookie)));
      expect(out, userId).toMatchObject({ thrown: true, status: 404 });
    }
  });

  it("show one customer with their order, and export the list as CSV with the download logged", async () => {
    const admin = await signedInAdmin(shop);
    const { user, orderNumber } = await customerWithOrder({ firstName: "Alan", lastName: "Turing" });
    const out = await settle(() => detailLoader(detailArgs(String(user.id), admin.cookie)));
    expect(out.data!.customer).toMatchObject({ id: user.id, firstName: "Alan", orders: [{ orderNumber, status: "paid" }] });
    const response = await exportLoader(args("/admin/customers/export.csv?q=turing", admin.cookie));
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="needledrop-customers-/);
    const [, ...rows] = parseCsv(await response.text(), { bom: true }) as string[][];
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([[String(user.id), "Alan Turing", "1"]]);
    const [logged] = shop.s.audit.search({ type: "export", id: "customers", page: 1 }).rows;
    expect(logged).toMatchObject({ actorId: admin.id, action: "export", area: "customers" });
  });
});
