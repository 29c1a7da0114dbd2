import { expect, test } from "@playwright/test";
import { apiRegister, expectToast, lastMailText, logIn, logInAsAdmin, newAccount, ready, withDb } from "./support/shop";

// The back office's gift vouchers: a customer's store credit is found in the list, cancelled after the confirm step,
// goodwill credit is given with its code mailed, and the customer sees both on their profile. With JavaScript on and off.

const LIST = "/admin/gift-vouchers";
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
const last4 = () => Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("");

/** Store credit on the customer's account as the ledger issues it: the voucher and its "issued" movement. */
function storeCreditFor(username: string, pence: number, codeLast4: string): number {
  return withDb((db) => {
    const { id: userId } = db.prepare("select id from users where username = ?").get(username) as { id: number };
    const { id } = db
      .prepare(
        `insert into vouchers (kind, status, code_last4, initial_pence, balance_pence, expires_on, user_id, note)
         values ('store_credit', 'active', ?, ?, ?, '2099-01-31', ?, 'From a return') returning id`,
      )
      .get(codeLast4, pence, pence, userId) as { id: number };
    db.prepare("insert into voucher_movements (voucher_id, kind, change) values (?, 'issued', ?)").run(id, pence);
    return id;
  });
}

test.describe("gift vouchers in the back office", () => {
  // Signs in twice (staff with a second factor, then the customer) and walks several pages on a shared, busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("an admin cancels a customer's credit after confirming, gives goodwill credit, and the customer sees both @no-js", async ({
    page,
    playwright,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    const customer = newAccount("vouch");
    const request = await playwright.request.newContext({ baseURL });
    await apiRegister(request, baseURL!, customer);
    await request.dispose();
    const old = last4();
    const voucherId = storeCreditFor(customer.username, 1500, old);

    await logInAsAdmin(page, js, baseURL!);
    await page.goto(LIST);
    await ready(page, js);
    await expect(page.getByRole("heading", { level: 1, name: "Gift vouchers" })).toBeVisible();
    await expect(page.getByTestId("vouchers-outstanding")).toBeVisible();
    await page.getByLabel("Search vouchers").fill(customer.email);
    await page.getByLabel("Status").selectOption("active");
    await page.getByRole("button", { name: "Find" }).click();
    const rows = page
      .getByRole("table", { name: "Gift vouchers and store credit" })
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("£15.00");
    await expect(rows.first()).toContainText("Active");

    await rows
      .first()
      .getByRole("link", { name: `···· ${old}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`${LIST}/${voucherId}$`));
    await ready(page, js);
    await page.getByLabel("Reason for cancelling").fill("Credit given twice by mistake");
    await page.getByRole("button", { name: "Cancel voucher…" }).click();
    const panel = page.getByTestId("confirm-step");
    await expect(panel.getByRole("heading", { name: `Cancel store credit ···· ${old}?` })).toBeVisible();
    await expect(panel).toContainText("£15.00 goes to nothing");
    expect(withDb((db) => db.prepare("select status from vouchers where id = ?").get(voucherId))).toEqual({ status: "active" });
    await panel.getByRole("button", { name: "Yes, cancel the voucher" }).click();
    await expectToast(page, js, "Voucher cancelled");
    await expect(page.getByTestId("voucher-standing").first()).toHaveText("Cancelled");
    await expect(page.getByRole("table", { name: "Movements of its balance" })).toContainText("−£15.00");

    await page.goto(LIST);
    await ready(page, js);
    await page.getByRole("link", { name: "Give store credit" }).click();
    await ready(page, js);
    await page.getByLabel("Customer's e-mail").fill(customer.email);
    await page.getByLabel("Amount (£)").fill("7.50");
    await page.getByLabel("Reason").fill("Sorry the first credit went wrong");
    await page.getByRole("button", { name: "Give credit and mail the code" }).click();
    await expectToast(page, js, "£7.50 store credit given");
    await expect(page.getByRole("heading", { level: 1, name: /Store credit/ })).toBeVisible();
    await expect.poll(() => lastMailText(customer.email) ?? "", { timeout: 15_000 }).toContain("£7.50 of store credit");
    const code = /Code: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-([2-9A-Z]{4}))/.exec(lastMailText(customer.email) ?? "");
    expect(code, "the mailed code").not.toBeNull();

    await page.context().clearCookies();
    await logIn(page, js, customer);
    await page.goto("/profile");
    await ready(page, js);
    const section = page.getByRole("region", { name: "Gift vouchers and store credit" });
    await expect(section).toContainText("never kept by the shop");
    await expect(section.getByRole("link", { name: "balance page" })).toHaveAttribute("href", "/gift-vouchers/balance");
    const items = section.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: code![2]! })).toContainText("£7.50");
    await expect(items.filter({ hasText: code![2]! })).toContainText("Active");
    await expect(items.filter({ hasText: old })).toContainText("Cancelled");
    await expect(section).not.toContainText(code![1]!);
  });
});
