import { expect, test } from "@playwright/test";
import { apiPaidOrder, apiRegister, createRecord, logInAsAdmin, newAccount, ready, uniqueName, withDb } from "./support/shop";

// The back office's customers: the list, a search by surname, and a customer's page with their order and their record
// club membership. The customer is registered through the shop; the order is paid through its checkout.

test("an admin finds a customer and sees their order and club membership @no-js", async ({
  page,
  playwright,
  javaScriptEnabled: js,
  baseURL,
}) => {
  const surname = uniqueName("Crate").replace(/[^A-Za-z]/g, "");
  const account = newAccount("cust");
  const request = await playwright.request.newContext({ baseURL });
  await apiRegister(request, baseURL!, account);
  await request.dispose();
  const record = createRecord({ title: `${surname} Sessions`, pricePence: 2400, stock: 3 });
  const orderNumber = await apiPaidOrder(page.context().request, baseURL!, account.email, [record.id]);
  const { userId, spend } = withDb((db) => {
    const { id } = db.prepare("select id from users where username = ?").get(account.username) as { id: number };
    db.prepare("update users set first_name = 'Nina', last_name = ?, zip_code = 'BS1 4DJ' where id = ?").run(surname, id);
    db.prepare("update orders set user_id = ? where order_number = ?").run(id, orderNumber);
    db.prepare(
      `insert into club_memberships (user_id, plan, favourite_genre, started_on, billing_day, current_period_end,
        next_shipment_on, payment_token, card_last4) values (?, 'two-lp', 'Jazz', '2026-01-10', 10, '2099-12-10', '2099-11-30', 'pm_test', '4242')`,
    ).run(id);
    const { total } = db.prepare("select total_pence as total from orders where order_number = ?").get(orderNumber) as {
      total: number;
    };
    return { userId: id, spend: `£${(total / 100).toFixed(2)}` };
  });

  await logInAsAdmin(page, js, baseURL!);
  await page.goto("/admin/customers");
  await ready(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByLabel("Search customers").fill(surname.toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${surname.toLowerCase()}`));
  const rows = page
    .getByRole("table", { name: "Customers" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(spend);
  await expect(rows.first()).toContainText("Yes, Two LPs a month");

  await rows
    .first()
    .getByRole("link", { name: `Nina ${surname}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${userId}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Nina ${surname}` })).toBeVisible();
  await expect(page.getByTestId("customer-spend")).toContainText(spend);
  const order = page.getByRole("table", { name: "Their orders" }).getByRole("link", { name: orderNumber });
  await expect(order).toHaveAttribute("href", `/admin/order-management/${orderNumber}`);
  const club = page.getByTestId("customer-club");
  await expect(club).toContainText("Two LPs a month");
  await expect(club).toContainText("Active");
  await expect(club).toContainText("30 November 2099");
});
