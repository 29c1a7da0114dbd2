import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  apiRegister,
  createRecord,
  newAccount,
  newsletterCode,
  ready,
  setCartCookie,
  stockOf,
  uniqueName,
  withDb,
} from "./support/shop";

// Checkout and payment confirmation (spec §2 /checkout and /payment-confirmation, §3 browser-stored checkout
// data, §9 shipping, VAT and delivery lead). Tests tagged @no-js run in both projects: the checkout is a
// plain form posted to the server and must work without JavaScript. Each test makes its own record, so the
// stock it checks is its own. The offline test card provider takes the payments.

const PAYS = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";
/** An expiry date that has not passed, whenever the tests run. */
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

interface Details {
  email: string;
  name?: string;
  addressLine1?: string;
  city?: string;
  postalCode?: string;
}

async function openCheckout(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/checkout");
  await ready(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
}

const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });

async function fillDetails(page: Page, d: Details) {
  await field(page, "Email").fill(d.email);
  await field(page, "Full name").fill(d.name ?? "Ada Lovelace");
  await field(page, "Address line 1").fill(d.addressLine1 ?? "12 Groove Street");
  await field(page, "Town or city").fill(d.city ?? "Leeds");
  await field(page, "Postcode").fill(d.postalCode ?? "ls1 4ap");
}

async function fillCard(page: Page, number: string) {
  await field(page, "Card number").fill(number);
  await field(page, "Expiry date").fill(EXPIRY);
  await field(page, "Security code").fill("123");
}

const payButton = (page: Page) => page.getByRole("button", { name: /^Pay £/ });
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });

/** The value beside a label in a totals list (<dt>label</dt><dd>value</dd>). */
async function expectRow(scope: Locator, label: string | RegExp, value: string) {
  const exact = typeof label === "string" ? new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) : label;
  await expect(scope.locator("dt", { hasText: exact }).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
}

async function cartCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "needledrop-cart")?.value ?? null;
}

function orderNumberOf(page: Page): string {
  const number = new URL(page.url()).searchParams.get("order");
  expect(number).toMatch(/^ND-[A-Z2-7]{8}$/);
  return number!;
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  expect(serious).toEqual([]);
}

function ordersOfRecord(recordId: number): number {
  return withDb(
    (db) => (db.prepare("select count(*) as n from order_lines where record_id = ?").get(recordId) as { n: number }).n,
  );
}

test.describe("checkout", () => {
  test("a guest pays with a newsletter code and sees the confirmation @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5, pricePence: 2500 });
    const email = `${uniqueName("guest")}@example.com`;
    const code = await newsletterCode(request, baseURL!, email);
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);

    await test.step("the checkout shows the order, Royal Mail shipping, VAT, delivery and the test card note", async () => {
      await openCheckout(page, javaScriptEnabled);
      await expect(summary(page)).toContainText(`2 × ${record.artist} – ${record.title}`);
      await expectRow(summary(page), /^Subtotal/, "£50.00");
      await expectRow(summary(page), "Shipping (Royal Mail Tracked 48)", "£4.00");
      await expectRow(summary(page), "Total", "£54.00");
      await expect(summary(page)).toContainText("Includes VAT (20%) £9.00");
      await expect(summary(page)).toContainText("Estimated delivery: 1–5 working days");
      await expect(summary(page)).toContainText("Test card");
      const note = page.getByRole("note", { name: "Test mode" });
      await expect(note).toContainText("4242 4242 4242 4242");
      await expect(note).toContainText("4000 0000 0000 0002");
      await expect(field(page, "Email")).toHaveValue("");
      await expect(payButton(page)).toHaveText("Pay £54.00");
    });

    await test.step("the newsletter code takes 10% off the records", async () => {
      await fillDetails(page, { email });
      await field(page, "Discount or gift voucher code (optional)").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText(`${code} applied`)).toBeVisible();
      await expectRow(summary(page), `Discount (${code})`, "−£5.00");
      await expectRow(summary(page), "Total", "£49.00");
      await expect(payButton(page)).toHaveText("Pay £49.00");
      // What was typed is kept.
      await expect(field(page, "Email")).toHaveValue(email);
      await expect(field(page, "Postcode")).toHaveValue("ls1 4ap");
    });

    await test.step("paying with 4242… lands on the confirmation", async () => {
      await fillCard(page, PAYS);
      await payButton(page).click();
      await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
      await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    });

    const orderNumber = orderNumberOf(page);
    await test.step("the confirmation shows the order, its money, delivery and address", async () => {
      const main = page.getByRole("main");
      await expect(main).toContainText(orderNumber);
      await expect(main).toContainText(`2 × ${record.artist} – ${record.title}`);
      await expectRow(main, /^Subtotal/, "£50.00");
      await expectRow(main, "Discount", "−£5.00");
      await expectRow(main, "Shipping (Royal Mail Tracked 48)", "£4.00");
      await expectRow(main, "Total", "£49.00");
      await expect(main).toContainText("Includes VAT (20%) £8.17");
      await expect(main).toContainText(
        /Estimated delivery: 1–5 working days \(between \d{1,2} \w+ \d{4} and \d{1,2} \w+ \d{4}\)/,
      );
      await expect(main).toContainText(`A confirmation e-mail is on its way to ${email}`);
      await expect(main.locator("address")).toContainText("LS1 4AP");
      await expect(main.locator("address")).toContainText("United Kingdom");
      await expect(main.getByRole("link", { name: "Your orders" })).toHaveCount(0);
    });

    await test.step("the stock is taken and the cart emptied", async () => {
      expect(stockOf(record.id)).toBe(3);
      expect(await cartCookie(page)).toBeNull();
      await page.goto("/checkout");
      await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Browse records" })).toHaveAttribute("href", "/browse");
    });

    await test.step("the browser that placed the order can open it again", async () => {
      await page.goto(`/payment-confirmation?order=${orderNumber}`);
      await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    });
  });

  test("a signed-in customer starts from their profile and finds the order on it @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 4, pricePence: 1999 });
    const account = newAccount("buyer");
    // Registering on the page's own request context signs the page in.
    await apiRegister(page.request, baseURL!, account);
    withDb((db) =>
      db
        .prepare(
          "update users set first_name = 'Grace', last_name = 'Hopper', address = '1 Spindle Lane', city = 'York', zip_code = 'YO1 7HH' where username = ?",
        )
        .run(account.username),
    );
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);

    await openCheckout(page, javaScriptEnabled);
    await expect(field(page, "Email")).toHaveValue(account.email);
    await expect(field(page, "Full name")).toHaveValue("Grace Hopper");
    await expect(field(page, "Address line 1")).toHaveValue("1 Spindle Lane");
    await expect(field(page, "Town or city")).toHaveValue("York");
    await expect(field(page, "Postcode")).toHaveValue("YO1 7HH");

    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const orderNumber = orderNumberOf(page);
    expect(stockOf(record.id)).toBe(3);

    await page.getByRole("main").getByRole("link", { name: "Your orders" }).click();
    await expect(page).toHaveURL(/\/profile#orders$/);
    const orders = page.locator("#orders");
    await expect(orders.getByRole("heading", { name: "Your orders" })).toBeVisible();
    const row = orders.getByRole("listitem").filter({ hasText: orderNumber });
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("1 record");
    await expect(row).toContainText("£23.99");
    await row.getByRole("link", { name: orderNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-confirmation\\?order=${orderNumber}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  });

  test("a code typed and sent straight away is shown with its total before anything is charged @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const record = createRecord({ stock: 2, pricePence: 4000 });
    const email = `${uniqueName("direct")}@example.com`;
    const code = await newsletterCode(request, baseURL!, email);
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, javaScriptEnabled);
    await fillDetails(page, { email });
    const codeField = field(page, "Discount or gift voucher code (optional)");

    await codeField.fill("NOT-A-CODE");
    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(codeField).toHaveAttribute("aria-invalid", "true");
    await expect(codeField).toHaveAccessibleDescription("That discount code isn't valid.");
    await expect(payButton(page)).toHaveText("Pay £44.00");
    expect(ordersOfRecord(record.id)).toBe(0);

    await codeField.fill(code);
    await fillCard(page, PAYS);
    await payButton(page).click();

    await expect(page.getByRole("status").filter({ hasText: "Your discount code changed the total" })).toBeVisible();
    await expect(payButton(page)).toHaveText("Pay £40.00");
    expect(stockOf(record.id)).toBe(2);
    expect(ordersOfRecord(record.id)).toBe(0);

    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    await expectRow(page.getByRole("main"), "Total", "£40.00");
  });

  test("coming back from the payment page without paying cancels the order and returns the stock @no-js", async ({
    page,
    javaScriptEnabled,
    browser,
    baseURL,
  }) => {
    test.slow(); // a checkout, a second browser and six page loads
    const record = createRecord({ stock: 3 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, javaScriptEnabled);
    await fillDetails(page, { email: `${uniqueName("back")}@example.com` });
    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const orderNumber = orderNumberOf(page);
    const statusOf = () =>
      withDb(
        (db) => (db.prepare("select status from orders where order_number = ?").get(orderNumber) as { status: string }).status,
      );

    await test.step("a paid order is not cancelled: the shopper is shown it instead", async () => {
      await page.goto(`/checkout?cancelled=${orderNumber}`);
      await expect(page).toHaveURL(new RegExp(`/payment-confirmation\\?order=${orderNumber}$`));
      expect(statusOf()).toBe("paid");
    });

    // As if it had been sent to a hosted payment page and were still waiting for it.
    withDb((db) =>
      db.prepare("update orders set status = 'pending_payment', paid_at = null where order_number = ?").run(orderNumber),
    );

    await test.step("while the payment is awaited, the confirmation says so and looks again", async () => {
      await page.goto(`/payment-confirmation?order=${orderNumber}`);
      await expect(page.getByRole("heading", { level: 1, name: "Waiting for your payment to be confirmed" })).toBeVisible();
      await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "5");
      await expect(page.getByRole("link", { name: "refresh it now" })).toBeVisible();
      // Leave it, or its 5-second refresh could cut into a later navigation of this page on a slow machine.
      await page.goto("about:blank");
    });

    await test.step("another browser cannot cancel it", async () => {
      const stranger = await browser.newContext({ javaScriptEnabled });
      try {
        const other = await stranger.newPage();
        await other.goto(`${baseURL}/checkout?cancelled=${orderNumber}`);
        await expect(other.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
        await expect(other.getByText("Payment cancelled")).toHaveCount(0);
      } finally {
        await stranger.close();
      }
      expect(statusOf()).toBe("pending_payment");
      expect(stockOf(record.id)).toBe(2);
    });

    await test.step("the browser that placed it cancels it: nothing charged, the copy back on the shelf", async () => {
      await page.goto(`/checkout?cancelled=${orderNumber}`);
      await expect(page.getByText("Payment cancelled. Nothing has been charged.")).toBeVisible();
      expect(statusOf()).toBe("payment_failed");
      expect(stockOf(record.id)).toBe(3);
      await page.goto(`/payment-confirmation?order=${orderNumber}`);
      await expect(page.getByRole("heading", { level: 1, name: "Payment not taken" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText("Nothing has been charged");
    });
  });

  test("an order with a pre-order is marked and promised 1–14 working days after its release @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const year = new Date().getFullYear() + 1;
    const preOrder = createRecord({ stock: 0, pricePence: 3200, releaseDate: `${year}-06-01` });
    const inStock = createRecord({ stock: 2, pricePence: 1800 });
    await setCartCookie(page, baseURL!, [
      { recordId: preOrder.id, quantity: 1 },
      { recordId: inStock.id, quantity: 1 },
    ]);
    await openCheckout(page, javaScriptEnabled);
    await expect(summary(page).getByRole("listitem").filter({ hasText: preOrder.title })).toContainText("Pre-order");
    await expect(summary(page).getByRole("listitem").filter({ hasText: inStock.title })).not.toContainText("Pre-order");
    await expect(summary(page)).toContainText(`Estimated delivery: 1–14 working days after release on 1 June ${year}`);
    await expectRow(summary(page), "Total", "£54.00");

    await fillDetails(page, { email: `${uniqueName("pre")}@example.com` });
    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("listitem").filter({ hasText: preOrder.title })).toContainText("Pre-order");
    await expect(main).toContainText(`Estimated delivery: 1–14 working days after release on 1 June ${year}`);
    expect(stockOf(inStock.id)).toBe(1);
  });

  test("a new customer's profile says there are no orders yet @no-js", async ({ page, baseURL }) => {
    await apiRegister(page.request, baseURL!, newAccount("fresh"));
    await page.goto("/profile");
    await expect(page.locator("#orders")).toContainText("No orders yet");
  });

  test("a declined card charges nothing and keeps the cart; the next card pays @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 3, pricePence: 3000 });
    const email = `${uniqueName("declined")}@example.com`;
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, javaScriptEnabled);
    await fillDetails(page, { email });
    await fillCard(page, DECLINED);
    await payButton(page).click();

    await expect(page.getByRole("alert")).toContainText("Your card was declined. Nothing has been charged.");
    await expect(page).toHaveURL(/\/checkout$/);
    expect(stockOf(record.id)).toBe(3);
    expect(await cartCookie(page)).toBe(`${record.id}x1`);
    expect(withDb((db) => db.prepare("select status from orders where email = ?").all(email))).toEqual([
      { status: "payment_failed" },
    ]);
    // The details are kept; the card number is asked for again.
    await expect(field(page, "Email")).toHaveValue(email);
    await expect(field(page, "Full name")).toHaveValue("Ada Lovelace");

    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    expect(stockOf(record.id)).toBe(2);
  });

  test("a record sold out during checkout is named, and nothing is ordered @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 1, pricePence: 1500 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, javaScriptEnabled);
    await fillDetails(page, { email: `${uniqueName("late")}@example.com` });
    await fillCard(page, PAYS);
    // Someone else buys the last copy while this shopper types.
    withDb((db) => db.prepare("update records set stock_quantity = 0 where id = ?").run(record.id));
    await payButton(page).click();

    await expect(page.getByRole("alert")).toContainText(`Sorry, "${record.title}" is out of stock. Nothing has been charged.`);
    await expect(page.getByRole("alert").getByRole("link", { name: "Go to your cart" })).toHaveAttribute("href", "/cart");
    await expect(page).toHaveURL(/\/checkout$/);
    expect(ordersOfRecord(record.id)).toBe(0);
    expect(stockOf(record.id)).toBe(0);
    // The cart cannot be bought as it is any more: the checkout says which record and sends the shopper back.
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { name: "Please review your cart" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Out of stock");
    await expect(payButton(page)).toHaveCount(0);
  });

  test("a postcode that is not a UK postcode is refused beside the field @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 2 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, javaScriptEnabled);
    await fillDetails(page, { email: `${uniqueName("pc")}@example.com`, postalCode: "12345" });
    await fillCard(page, PAYS);
    await payButton(page).click();

    const postcode = field(page, "Postcode");
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(postcode).toHaveAccessibleDescription(
      // The field's hint, then the message.
      "For example SW1A 1AA Please enter a UK postcode, such as SW1A 1AA",
    );
    await expect(page).toHaveURL(/\/checkout$/);
    expect(stockOf(record.id)).toBe(2);
    expect(ordersOfRecord(record.id)).toBe(0);
  });

  test("with JavaScript a field is checked as the shopper leaves it", async ({ page, baseURL }) => {
    const record = createRecord({ stock: 2 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, true);
    await field(page, "Postcode").fill("nowhere");
    await field(page, "Postcode").blur();
    await expect(field(page, "Postcode")).toHaveAccessibleDescription(
      // The field's hint, then the message.
      "For example SW1A 1AA Please enter a UK postcode, such as SW1A 1AA",
    );
    await field(page, "Expiry date").fill("01/20");
    await field(page, "Expiry date").blur();
    await expect(page.getByText("Please enter an expiry date (MM/YY) that has not passed")).toBeVisible();
    await field(page, "Postcode").fill("SW1A 1AA");
    await expect(field(page, "Postcode")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("with JavaScript the details typed are kept in the browser for the next checkout", async ({ page, baseURL }) => {
    const record = createRecord({ stock: 2 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, true);
    // Going to checkout creates the stored data, empty.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("needledrop-checkout-data")))
      .toBe(
        JSON.stringify({
          shippingAddress: { name: "", addressLine1: "", city: "", postalCode: "", country: "United Kingdom" },
          customerEmail: "",
        }),
      );

    await fillDetails(page, {
      email: "kept@example.com",
      name: "Nina Simone",
      addressLine1: "4 Vinyl Row",
      city: "Bristol",
      postalCode: "BS1 4DJ",
    });
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("needledrop-checkout-data") ?? "null"));
    expect(stored).toEqual({
      shippingAddress: {
        name: "Nina Simone",
        addressLine1: "4 Vinyl Row",
        city: "Bristol",
        postalCode: "BS1 4DJ",
        country: "United Kingdom",
      },
      customerEmail: "kept@example.com",
    });

    await openCheckout(page, true);
    await expect(field(page, "Email")).toHaveValue("kept@example.com");
    await expect(field(page, "Full name")).toHaveValue("Nina Simone");
    await expect(field(page, "Address line 1")).toHaveValue("4 Vinyl Row");
    await expect(field(page, "Town or city")).toHaveValue("Bristol");
    await expect(field(page, "Postcode")).toHaveValue("BS1 4DJ");
  });

  test("with JavaScript an unreadable stored value is logged and discarded", async ({ page, baseURL }) => {
    const record = createRecord({ stock: 2 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("planted")) {
        sessionStorage.setItem("planted", "1");
        localStorage.setItem("needledrop-checkout-data", "{not json");
      }
    });
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await openCheckout(page, true);
    await expect.poll(() => warnings.some((w) => w.includes("needledrop-checkout-data"))).toBe(true);
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("needledrop-checkout-data") ?? "null")?.customerEmail))
      .toBe("");
    await expect(field(page, "Email")).toHaveValue("");
  });

  test("a price raised between the page and Pay charges nothing: the new total and what changed are shown, and Pay accepts it @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    const record = createRecord({ stock: 3, pricePence: 2600 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);
    await openCheckout(page, javaScriptEnabled);
    await expect(payButton(page)).toHaveText("Pay £56.00");
    await fillDetails(page, { email: `${uniqueName("raised")}@example.com` });
    await fillCard(page, PAYS);
    withDb((db) => db.prepare("update records set price_pence = 9900 where id = ?").run(record.id));

    await payButton(page).click();
    const notice = page.getByRole("status").filter({ hasText: "has changed since it was shown to you" });
    await expect(notice).toContainText("it is now £202.00, not £56.00. Nothing has been charged.");
    await expect(notice.getByRole("listitem")).toHaveText([
      `“${record.title}” by ${record.artist} is now £99.00 each (was £26.00).`,
      "The total is now £202.00 (was £56.00).",
    ]);
    await expect(payButton(page)).toHaveText("Pay £202.00");
    await expectRow(summary(page), "Total", "£202.00");
    expect(ordersOfRecord(record.id)).toBe(0);
    expect(stockOf(record.id)).toBe(3);

    // The card number is never sent back in a page: without JavaScript it is typed again.
    if (!javaScriptEnabled) await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
    await expectRow(page.getByRole("main"), "Total", "£202.00");
    expect(stockOf(record.id)).toBe(1);
  });

  test("sending the same checkout form twice places one order and lands on the same confirmation", async ({ page, baseURL }) => {
    const record = createRecord({ stock: 5, pricePence: 2000 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 2 }]);
    await openCheckout(page, true);
    const key = await page.locator('form#checkout input[name="idempotencyKey"]').inputValue();
    const form = {
      idempotencyKey: key,
      expectedTotalPence: await page.locator('form#checkout input[name="expectedTotalPence"]').inputValue(),
      pricedCode: "",
      email: `${uniqueName("twice")}@example.com`,
      name: "Ada Lovelace",
      addressLine1: "12 Groove Street",
      addressLine2: "",
      city: "Leeds",
      postalCode: "LS1 4AP",
      country: "United Kingdom",
      discountCode: "",
      cardNumber: PAYS,
      cardExpiry: EXPIRY,
      cardCvc: "123",
    };
    const send = () => page.request.post("/checkout", { form, headers: { origin: baseURL! }, maxRedirects: 0 });
    const [first, second] = [await send(), await send()];
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    expect(first.headers().location).toMatch(/^\/payment-confirmation\?order=ND-/);
    expect(second.headers().location).toBe(first.headers().location);
    expect(stockOf(record.id)).toBe(3);
    expect(ordersOfRecord(record.id)).toBe(1);

    await page.goto(first.headers().location!);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  });

  test("someone else's order number opens nothing @no-js", async ({ page, javaScriptEnabled, browser, baseURL }) => {
    const record = createRecord({ stock: 2 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await openCheckout(page, javaScriptEnabled);
    await fillDetails(page, { email: `${uniqueName("mine")}@example.com` });
    await fillCard(page, PAYS);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    const orderNumber = orderNumberOf(page);

    const stranger = await browser.newContext({ javaScriptEnabled });
    try {
      const other = await stranger.newPage();
      const response = await other.goto(`${baseURL}/payment-confirmation?order=${orderNumber}`);
      expect(response?.status()).toBe(404);
      await expect(other.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(other.getByRole("main")).not.toContainText(record.title);
      // A forged access cookie does not open it either.
      await stranger.addCookies([{ name: "needledrop-orders", value: "forged-token-0123456789abcdef", url: baseURL! }]);
      expect((await other.goto(`${baseURL}/payment-confirmation?order=${orderNumber}`))?.status()).toBe(404);
      expect((await other.goto(`${baseURL}/payment-confirmation`))?.status()).toBe(404);
    } finally {
      await stranger.close();
    }
  });

  test("an empty cart has nothing to check out @no-js", async ({ page, javaScriptEnabled }) => {
    await openCheckout(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
    await expect(page.locator("form#checkout")).toHaveCount(0);
  });

  for (const width of [390, 1280]) {
    test(`axe finds no serious problem on the checkout, its errors and the confirmation at ${width} px`, async ({
      page,
      baseURL,
    }) => {
      // Three full axe scans and a payment: several seconds each on a small machine.
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const record = createRecord({ stock: 2 });
      await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
      await openCheckout(page, true);
      await expectAccessible(page);
      await payButton(page).click();
      await expect(field(page, "Email")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page);
      await fillDetails(page, { email: `${uniqueName("axe")}@example.com` });
      await fillCard(page, PAYS);
      await payButton(page).click();
      await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

// The whole journey through the shop's own controls, as a shopper takes it: add to cart on the record
// page → change the quantity on /cart → apply the newsletter code there → checkout → pay → confirmation.
test.describe("the whole journey", () => {
  for (const who of ["a guest", "a signed-in customer"] as const) {
    test(`${who}: record page → cart → code → checkout → test card → confirmation @no-js`, async ({
      page,
      javaScriptEnabled,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const record = createRecord({ stock: 6, pricePence: 2500 });
      const account = newAccount("journey");
      if (who === "a signed-in customer") await apiRegister(page.request, baseURL!, account);
      const code = await newsletterCode(request, baseURL!, `${uniqueName("journey")}@example.com`);

      await page.goto(record.path);
      await ready(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Add to cart", exact: true }).click();
      await expect(page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

      await page.goto("/cart");
      await ready(page, javaScriptEnabled);
      await page.getByRole("button", { name: `Increase quantity of ${record.title}` }).click();
      await expect(page.getByRole("spinbutton", { name: `Quantity of ${record.title}`, exact: true })).toHaveValue("2");
      await page.getByRole("textbox", { name: "Discount code" }).fill(code);
      await page.getByRole("button", { name: "Apply" }).click();
      const cartSummary = page.getByRole("complementary", { name: "Order summary" });
      await expect(cartSummary.getByTestId("cart-discount")).toHaveText("−£5.00");
      await expect(cartSummary.getByTestId("cart-total")).toHaveText("£49.00");
      await cartSummary.getByRole("link", { name: "Checkout" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await ready(page, javaScriptEnabled);
      await expect(field(page, "Discount or gift voucher code (optional)")).toHaveValue(code);
      await expectRow(summary(page), "Total", "£49.00");
      if (who === "a guest") await fillDetails(page, { email: `${uniqueName("guest")}@example.com` });
      else {
        await expect(field(page, "Email")).toHaveValue(account.email);
        await fillDetails(page, { email: account.email });
      }
      await fillCard(page, PAYS);
      await payButton(page).click();

      await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
      const orderNumber = orderNumberOf(page);
      const main = page.getByRole("main");
      await expect(main).toContainText(`2 × ${record.artist} – ${record.title}`);
      await expectRow(main, "Discount", "−£5.00");
      await expectRow(main, "Total", "£49.00");
      expect(stockOf(record.id)).toBe(4);
      await expect(page.getByRole("banner").getByRole("link", { name: "Cart", exact: true })).toBeVisible();
      if (who === "a signed-in customer") {
        await page.goto("/profile#orders");
        await expect(page.locator("#orders").getByRole("listitem").filter({ hasText: orderNumber })).toContainText("£49.00");
      }
    });
  }
});
