import { expect, test, type Browser } from "@playwright/test";
import { apiPaidOrder, createRecord, lastMailText, logInAsAdmin, newAccount, ready, uniqueName, withDb } from "./support/shop";

/** A second person at another browser: their own cookies, the same JavaScript setting as the test. */
async function otherBrowser(browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL });
  return { context, page: await context.newPage() };
}

test.describe("staff", () => {
  test("an owner invites a packer, who joins from the mail and sees only the packing side of the shop @no-js", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
  }) => {
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    await page.goto("/admin/staff");
    await ready(page, javaScriptEnabled);
    const email = `${uniqueName("packer")}@example.com`;
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("packer");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("table", { name: "Invitations waiting to be accepted" })).toContainText(email);

    await expect.poll(() => lastMailText(email, /invited/)).toBeTruthy();
    const link = /https?:\/\/\S+\/staff-invite\?token=[a-z2-7]+/.exec(lastMailText(email, /invited/)!)![0];
    const packer = await otherBrowser(browser, javaScriptEnabled, baseURL!);
    await packer.page.goto(new URL(link).pathname + new URL(link).search);
    await ready(packer.page, javaScriptEnabled);
    await expect(packer.page.getByText("as packer")).toBeVisible();
    const account = newAccount("packer");
    await packer.page.getByLabel("Choose a username").fill(account.username);
    await packer.page.getByLabel("Choose a password").fill(account.password);
    await packer.page.getByRole("button", { name: "Make my account and join" }).click();
    await expect(packer.page.getByRole("heading", { name: "Back office" })).toBeVisible();

    const nav = packer.page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link", { name: "Shipping" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Stock" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Business analysis" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    // The link works once.
    const again = await packer.context.request.get(new URL(link).pathname + new URL(link).search);
    expect(again.status()).toBe(404);

    // Refused on the server whatever is typed or posted: an export, a refund form, a price change.
    const request = packer.context.request;
    expect((await request.get("/admin/business-analysis", { maxRedirects: 0 })).status()).toBe(403);
    expect((await request.get("/admin/order-management/export.csv", { maxRedirects: 0 })).status()).toBe(403);
    const record = createRecord({ pricePence: 2500, stock: 3 });
    const orderNumber = await apiPaidOrder(request, baseURL!, `${uniqueName("buyer")}@example.com`, [record.id]);
    const refund = await request.post(`/admin/order-management/${orderNumber}`, {
      headers: { origin: baseURL! },
      form: { intent: "refund", mode: "whole", reason: "Arrived warped" },
      maxRedirects: 0,
    });
    expect(refund.status()).toBe(403);
    const price = await request.post(`/admin/catalog-update/${record.id}`, {
      headers: { origin: baseURL! },
      form: { title: "Changed", pricePence: "1" },
      maxRedirects: 0,
    });
    expect(price.status()).toBe(403);
    const refused = withDb((db) =>
      db
        .prepare("select permission from audit_log where action = 'refused' and actor_name = ? order by id")
        .all(account.username)
        .map((r) => (r as { permission: string }).permission),
    );
    expect(refused).toEqual(expect.arrayContaining(["analysis.view", "customers.export", "orders.refund", "catalogue.edit"]));
    const status = withDb(
      (db) => db.prepare("select status from orders where order_number = ?").get(orderNumber) as { status: string },
    );
    expect(status.status).toBe("paid");

    // Deactivated by the owner: the packer's open session ends at once.
    await page.goto("/admin/staff");
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: `Deactivate ${account.username}` }).click();
    await expect(page.getByRole("row", { name: new RegExp(account.username) })).toContainText("Deactivated");
    const after = await request.get("/admin/shipping-management", { maxRedirects: 0 });
    expect(after.status()).toBe(302);
    expect(after.headers()["location"]).toMatch(/^\/auth\?/);
    await packer.context.close();
  });

  test("a manager cannot open the staff page or promote themself", async ({ page, javaScriptEnabled, baseURL }) => {
    const manager = await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    const id = withDb((db) => {
      db.prepare("update users set staff_role = 'manager' where username = ?").run(manager.username);
      return (db.prepare("select id from users where username = ?").get(manager.username) as { id: number }).id;
    });
    // The new role applies from the next request, with the same session cookie.
    expect((await page.request.get("/admin/staff", { maxRedirects: 0 })).status()).toBe(403);
    const promote = await page.request.post("/admin/staff", {
      headers: { origin: baseURL! },
      form: { intent: "role", userId: String(id), staffRole: "owner" },
      maxRedirects: 0,
    });
    expect(promote.status()).toBe(403);
    expect(withDb((db) => db.prepare("select staff_role from users where id = ?").get(id))).toEqual({ staff_role: "manager" });
    await page.goto("/admin");
    await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
  });
});
