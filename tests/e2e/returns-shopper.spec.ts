/**
 * Returns, the shopper's side: a customer starts a return from an order on /profile, and a guest finds an order on
 * /returns by its number and e-mail, chooses what to send back (with a photo), and lands on the return's page. The
 * orders are placed through the shop's checkout and marked delivered in the run's database. JavaScript on and off.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiPaidOrder, apiRegister, createRecord, lastMailText, logIn, newAccount, ready, withDb } from "./support/shop";
import { seriousProblems } from "./support/axe";

/** Shipped four days ago, delivered two days ago: well inside the 30 days. */
function markDelivered(orderNumber: string, username?: string) {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  withDb((db) => {
    db.prepare(
      "update orders set status = 'delivered', shipped_at = ?, delivered_at = ?, tracking_number = 'AB123456785GB' where order_number = ?",
    ).run(day(4), day(2), orderNumber);
    if (username)
      db.prepare("update orders set user_id = (select id from users where username = ?) where order_number = ?").run(
        username,
        orderNumber,
      );
  });
}

async function sendsReturn(page: Page, title: string, choice: { reason: string; sealed?: boolean; photo?: boolean }) {
  await expect(page.getByRole("heading", { name: "Return items" })).toBeVisible();
  // The rules are on the page before anything is sent.
  await expect(page.getByRole("heading", { name: "Before you send: the rules" })).toBeVisible();
  await expect(page.getByText(/You can start a return until/)).toBeVisible();
  const line = page.getByRole("listitem").filter({ hasText: title });
  await line.getByLabel("How many").selectOption("1");
  if (choice.sealed) await line.getByLabel("Still sealed in its shrink-wrap").check();
  await page.getByLabel(choice.reason, { exact: true }).check();
  if (choice.photo) {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
      "base64",
    );
    await page.getByLabel("Photos (optional)").setInputFiles({ name: "warp.png", mimeType: "image/png", buffer: png });
  }
  await page.getByRole("button", { name: "Send return request" }).click();
  await expect(page.getByRole("heading", { name: /^Return RT-[A-Z2-7]{8}$/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Requested", { exact: true })).toBeVisible();
  return (await page.getByRole("heading", { name: /^Return RT-/ }).textContent())!.replace("Return", "").trim();
}

test.describe("returns, the shopper's side", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a customer returns a sealed record from /profile @no-js", async ({ page, javaScriptEnabled, baseURL, request }) => {
    const account = newAccount("returner");
    await apiRegister(request, baseURL!, account);
    const record = createRecord({ stock: 3 });
    const orderNumber = await apiPaidOrder(request, baseURL!, account.email, [record.id]);
    markDelivered(orderNumber, account.username);
    await logIn(page, javaScriptEnabled, account);
    await page.goto("/profile");
    await ready(page, javaScriptEnabled);
    await page.getByRole("link", { name: `Return items from order ${orderNumber}` }).click();
    await ready(page, javaScriptEnabled);
    // Axe runs in the page, so only with JavaScript on.
    if (javaScriptEnabled) expect(await seriousProblems(page)).toEqual([]);
    const returnNumber = await sendsReturn(page, record.title, { reason: "Changed my mind", sealed: true });
    expect(lastMailText(account.email, /return request/)).toContain(returnNumber);
    await page.goto("/profile");
    await expect(page.getByRole("link", { name: returnNumber })).toBeVisible();
  });

  test("a guest finds an order on /returns and returns a warped record with a photo @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
    request,
  }) => {
    const email = newAccount("guestreturn").email;
    const record = createRecord({ stock: 3 });
    const orderNumber = await apiPaidOrder(request, baseURL!, email, [record.id]);
    markDelivered(orderNumber);
    await page.goto("/returns");
    await ready(page, javaScriptEnabled);
    await page.getByLabel(/Order number/).fill(orderNumber);
    await page.getByLabel("E-mail address").fill("someone-else@example.com");
    await page.getByRole("button", { name: "Find my order" }).click();
    await expect(page.getByText(/could not find an order with that number and e-mail/)).toBeVisible();
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Find my order" }).click();
    await ready(page, javaScriptEnabled);
    const returnNumber = await sendsReturn(page, record.title, { reason: "Warped or faulty", photo: true });
    await expect(page.getByText("Photos")).toBeVisible();
    expect(lastMailText(email, /return request/)).toContain(returnNumber);
    // Another browser cannot see it.
    const other = await page.context().browser()!.newContext();
    const res = await other.request.get(`${baseURL}/returns/${returnNumber}`);
    expect(res.status()).toBe(404);
    await other.close();
  });
});
