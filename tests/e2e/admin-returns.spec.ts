/**
 * The back office's returns queue: a return a shopper asked for (written straight into the tables, as the shop's
 * request form would) is approved (the shopper is mailed the instructions and a label link), its label printed,
 * the parcel marked received, one line put back in stock and one into used stock with grades, and the money paid
 * back after the confirm step, with JavaScript on and off.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { apiPaidOrder, createRecord, lastMailText, logInAsAdmin, newAccount, ready, stockOf, withDb } from "./support/shop";

/** A shopper's request to return the whole order for a change of mind, as the request form stores it. */
function insertReturn(orderNumber: string): string {
  const returnNumber = `RT-${[...randomBytes(8)].map((b) => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[b % 31]).join("")}`;
  withDb((db) => {
    const order = db.prepare("select id, email from orders where order_number = ?").get(orderNumber) as {
      id: number;
      email: string;
    };
    db.prepare("update orders set status = 'delivered', shipped_at = ?, delivered_at = ? where id = ?").run(
      new Date().toISOString(),
      new Date().toISOString(),
      order.id,
    );
    const id = db
      .prepare(
        "insert into returns (return_number, order_id, email, reason, note) values (?, ?, ?, 'changed_mind', ?) returning id",
      )
      .pluck()
      .get(returnNumber, order.id, order.email, "Bought two by mistake.") as number;
    const lines = db.prepare("select id, quantity from order_lines where order_id = ? order by id").all(order.id) as {
      id: number;
      quantity: number;
    }[];
    for (const l of lines) {
      db.prepare("insert into return_lines (return_id, order_line_id, quantity, sealed) values (?, ?, ?, 1)").run(
        id,
        l.id,
        l.quantity,
      );
    }
  });
  return returnNumber;
}

async function press(page: Page, javaScriptEnabled: boolean, name: string | RegExp) {
  await ready(page, javaScriptEnabled);
  await page.getByRole("button", { name }).click();
}

test.describe("the returns queue", () => {
  test.describe.configure({ timeout: 120_000 });

  test("approve → label → received → inspect (one back in stock, one used copy) → refund once @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const shopper = newAccount("returner");
    const kept = createRecord({ pricePence: 2400, stock: 4 });
    const worn = createRecord({ pricePence: 1800, stock: 4 });
    const orderNumber = await apiPaidOrder(page.context().request, baseURL!, shopper.email, [kept.id, worn.id]);
    const returnNumber = insertReturn(orderNumber);
    const stockBefore = stockOf(kept.id);
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);

    await test.step("the queue lists it, oldest first, linked to its order; the navigation counts it", async () => {
      await page.goto("/admin/returns");
      await ready(page, javaScriptEnabled);
      const row = page.getByRole("table", { name: "Returns" }).getByRole("row").filter({ hasText: returnNumber });
      await expect(row).toContainText("Changed my mind");
      await expect(row.getByRole("link", { name: orderNumber })).toHaveAttribute(
        "href",
        `/admin/order-management/${orderNumber}`,
      );
      await expect(page.getByRole("navigation", { name: "Back office" }).first()).toContainText(/Returns\s*\d+/);
      await row.getByRole("link", { name: returnNumber }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(returnNumber);
      await expect(page.getByText("Bought two by mistake.")).toBeVisible();
    });

    await test.step("approved: the shopper is mailed the instructions and a link to the label", async () => {
      await press(page, javaScriptEnabled, "Approve and send instructions");
      await expect(page.getByText("Approved", { exact: true })).toBeVisible();
      await expect.poll(() => lastMailText(shopper.email, /is approved/) ?? "").toContain(returnNumber);
      const mail = lastMailText(shopper.email, /is approved/)!;
      expect(mail).toContain("at your own cost");
      const link = /http\S+\/return-label\/\S+/.exec(mail)![0];
      const shopperPage = await page.context().browser()!.newPage();
      await shopperPage.goto(new URL(link).pathname + new URL(link).search);
      await expect(shopperPage.getByTestId("return-label")).toContainText(returnNumber);
      await shopperPage.goto(`/return-label/${returnNumber}?sig=wrong`);
      await expect(shopperPage.getByTestId("return-label")).toHaveCount(0);
      await shopperPage.close();
    });

    await test.step("the label prints the return number, the shop's address and the order", async () => {
      await page.getByRole("link", { name: "Print a 6 × 4 inch label" }).click();
      const label = page.getByTestId("return-label");
      await expect(label).toContainText(returnNumber);
      await expect(label).toContainText("Needledrop Records Ltd");
      await expect(label).toContainText(orderNumber);
      await expect(label).toContainText("Please pay the postage");
      await page.getByRole("link", { name: "Back to the return" }).click();
    });

    await test.step("marked received: the refund is due within 14 days", async () => {
      await press(page, javaScriptEnabled, "Mark received");
      await expect(page.getByText("Received", { exact: true }).first()).toBeVisible();
      await expect(page.getByText("Inspect every line, then the refund can be made.")).toBeVisible();
    });

    await test.step("one line back in stock, one into used stock with its grades", async () => {
      const first = page.getByRole("form", { name: `Inspect ${kept.title}` });
      await ready(page, javaScriptEnabled);
      await first.getByLabel("Back into stock as new").check();
      await first.getByRole("button", { name: "Record inspection" }).click();
      // The line's form names the outcome too, so wait for the form to go: the inspection is then recorded.
      await expect(first).toHaveCount(0);
      await expect(page.getByTestId("return-line").filter({ hasText: kept.title })).toContainText("Back into stock as new");
      expect(stockOf(kept.id)).toBe(stockBefore + 1);

      const second = page.getByRole("form", { name: `Inspect ${worn.title}` });
      await ready(page, javaScriptEnabled);
      await second.getByLabel("Into used stock (graded)").check();
      await second.getByLabel("Media grade (used stock)").selectOption("VG+");
      await second.getByLabel("Sleeve grade (used stock)").selectOption("VG");
      await second.getByLabel("Used copy price (£)").fill("11.00");
      await second.getByRole("button", { name: "Record inspection" }).click();
      await expect(page.getByTestId("return-line").filter({ hasText: worn.title })).toContainText("(VG+/VG)");
      await expect(page.getByRole("link", { name: /used copy #\d+/ })).toBeVisible();
    });

    await test.step("refund: reviewed first, paid once, mailed", async () => {
      await expect(page.getByTestId("refund-words")).toContainText("Original delivery");
      await press(page, javaScriptEnabled, "Review refund…");
      await expect(page.getByTestId("confirm-step")).toContainText(`for ${returnNumber}?`);
      await press(page, javaScriptEnabled, /^Yes, refund £/);
      await expect(page.getByText("Refunded", { exact: true }).first()).toBeVisible();
      await expect.poll(() => lastMailText(shopper.email, /Refund of/) ?? "").toContain(returnNumber);
      const refunds = withDb(
        (db) =>
          db
            .prepare("select count(*) from refunds r join orders o on o.id = r.order_id where o.order_number = ?")
            .pluck()
            .get(orderNumber) as number,
      );
      expect(refunds).toBe(1);
    });

    await test.step("the order shows the return beside its refund", async () => {
      await page.getByRole("link", { name: orderNumber }).click();
      const returns = page.getByRole("region", { name: "Returns" });
      await expect(returns.getByRole("link", { name: returnNumber })).toBeVisible();
      await expect(page.getByRole("region", { name: "Refunds" })).toContainText(`Return ${returnNumber}`);
    });
  });
});
