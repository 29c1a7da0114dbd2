import { expect, test, type Page } from "@playwright/test";
import { createRecord, newsletterCode, ready, setCartCookie, uniqueName } from "./support/shop";

// The cart (spec §2 drawer, §4 rules, §9 shipping). Tests tagged @no-js run in both projects: every
// form posts to /cart and must work as plain HTML; with JavaScript the same steps run through fetchers.
// Each test makes its own records, so the tests can run side by side on one database.

/** A toast: with JavaScript a sonner toast; without, the <noscript> status banner. */
async function expectToast(
  page: Page,
  javaScriptEnabled: boolean,
  title: string,
  description?: string,
  type: "success" | "error" = "success",
) {
  const toast = (javaScriptEnabled ? page.locator("[data-sonner-toast]") : page.getByRole("status"))
    .filter({ hasText: title })
    .first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
  if (javaScriptEnabled) await expect(toast).toHaveAttribute("data-type", type);
  else await expect(toast).toHaveClass(type === "error" ? /border-red/ : /border-emerald/);
}

const banner = (page: Page) => page.getByRole("banner");
const cartButton = (page: Page) => banner(page).getByRole("link", { name: /^Cart/ });

async function expectCartCount(page: Page, count: number) {
  if (count === 0) {
    await expect(banner(page).getByTestId("cart-count")).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName("Cart");
  } else {
    await expect(banner(page).getByTestId("cart-count")).toHaveText(String(count));
    await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);
  }
}

const quantity = (page: Page, title: string) => page.getByRole("spinbutton", { name: `Quantity of ${title}`, exact: true });
const line = (page: Page, title: string) => page.getByTestId("cart-line").filter({ hasText: title });
const summary = (page: Page) => page.getByRole("complementary", { name: "Order summary" });

async function addFromRecordPage(page: Page, javaScriptEnabled: boolean, path: string, title: string) {
  await page.goto(path);
  await ready(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Add to cart", exact: true }).click();
  await expectToast(page, javaScriptEnabled, "Added to cart", `${title} has been added to your cart.`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test.describe("cart", () => {
  test("add from a record page, change quantities on /cart, set one to 0 and clear @no-js", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const first = createRecord({ pricePence: 2500, stock: 5 });
    const second = createRecord({ pricePence: 1200, stock: 5 });

    await test.step("adding shows 'Added to cart' and the header badge counts every record", async () => {
      await addFromRecordPage(page, javaScriptEnabled, first.path, first.title);
      await expectCartCount(page, 1);
      // Adding a record already there raises its quantity by 1.
      await page.getByRole("button", { name: "Add to cart", exact: true }).click();
      await expectCartCount(page, 2);
      await addFromRecordPage(page, javaScriptEnabled, second.path, second.title);
      await expectCartCount(page, 3);
    });

    await test.step("the cart page lists the lines with prices, shipping (Royal Mail), total and VAT", async () => {
      if (javaScriptEnabled) {
        await page.goto("/cart");
      } else {
        // Without JavaScript the header button is a plain link to /cart.
        await expect(cartButton(page)).toHaveAttribute("href", "/cart");
        await cartButton(page).click();
      }
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page).toHaveTitle("Your cart | Needledrop");
      await ready(page, javaScriptEnabled);
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      await expect(page.getByTestId("cart-line")).toHaveCount(2);
      await expect(quantity(page, `${first.title}`)).toHaveValue("2");
      await expect(line(page, first.title).getByTestId("line-total")).toHaveText("£50.00");
      await expect(line(page, first.title)).toContainText("£25.00 each");
      await expect(line(page, first.title).getByRole("link", { name: new RegExp(first.title) })).toHaveAttribute(
        "href",
        first.path,
      );
      await expect(summary(page).getByTestId("cart-subtotal")).toHaveText("£62.00");
      await expect(summary(page).getByText("Shipping (Royal Mail)")).toBeVisible();
      await expect(summary(page).getByTestId("cart-shipping")).toHaveText("£4.00");
      await expect(summary(page).getByTestId("cart-total")).toHaveText("£66.00");
      await expect(summary(page).getByTestId("cart-vat")).toHaveText("Includes VAT (20%) £11.00");
      await expect(summary(page).getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    });

    await test.step("+ and − change a quantity by one", async () => {
      await page.getByRole("button", { name: `Increase quantity of ${first.title}` }).click();
      await expect(quantity(page, `${first.title}`)).toHaveValue("3");
      await expect(summary(page).getByTestId("cart-total")).toHaveText("£91.00");
      await expectCartCount(page, 4);
      // Five records or more: the larger Royal Mail parcel.
      await page.getByRole("button", { name: `Increase quantity of ${first.title}` }).click();
      await expect(quantity(page, `${first.title}`)).toHaveValue("4");
      await expect(summary(page).getByTestId("cart-shipping")).toHaveText("£7.00");
      await page.getByRole("button", { name: `Decrease quantity of ${first.title}` }).click();
      await expect(quantity(page, `${first.title}`)).toHaveValue("3");
      await expect(summary(page).getByTestId("cart-shipping")).toHaveText("£4.00");
      await expectCartCount(page, 4);
    });

    await test.step("setting a quantity to 0 removes the line", async () => {
      await quantity(page, `${second.title}`).fill("0");
      await quantity(page, `${second.title}`).press("Enter");
      await expect(line(page, second.title)).toHaveCount(0);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await expectCartCount(page, 3);
    });

    await test.step("'Clear cart' empties it", async () => {
      await page.getByRole("button", { name: "Clear cart", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Browse records" })).toHaveAttribute("href", "/browse");
      await expectCartCount(page, 0);
    });
  });

  test("a discount code: an invalid one shows the check's message, a newsletter code takes 10% off @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const record = createRecord({ pricePence: 2500 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await page.goto("/cart");
    await ready(page, javaScriptEnabled);
    await expect(summary(page).getByTestId("cart-total")).toHaveText("£29.00");

    await page.getByRole("textbox", { name: "Discount code" }).fill("nosuchcode");
    await page.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, javaScriptEnabled, "Discount code not applied", "That discount code isn't valid.", "error");
    await expect(page.getByTestId("discount-status")).toContainText("NOSUCHCODE: That discount code isn't valid.");
    await expect(summary(page).getByTestId("cart-discount")).toHaveCount(0);
    await expect(summary(page).getByTestId("cart-total")).toHaveText("£29.00");

    await page.getByRole("button", { name: "Remove code" }).click();
    await expect(page.getByTestId("discount-status")).toHaveCount(0);

    const code = await newsletterCode(request, baseURL!, `${uniqueName("sub")}@example.com`);
    await page.getByRole("textbox", { name: "Discount code" }).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expectToast(page, javaScriptEnabled, "Discount applied", "10% off your first order");
    await expect(page.getByTestId("discount-status")).toContainText(code);
    await expect(summary(page).getByTestId("cart-discount")).toHaveText("−£2.50");
    await expect(summary(page).getByTestId("cart-total")).toHaveText("£26.50");
  });

  test("quantities never pass the stock; a line above it is flagged and holds checkout back @no-js", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const record = createRecord({ stock: 2, pricePence: 1500 });

    await addFromRecordPage(page, javaScriptEnabled, record.path, record.title);
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expectCartCount(page, 2);
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expectToast(
      page,
      javaScriptEnabled,
      "Only 2 in stock",
      `Sorry, you can order at most 2 of "${record.title}".`,
      "error",
    );
    await expectCartCount(page, 2);

    await page.goto("/cart");
    await ready(page, javaScriptEnabled);
    await expect(quantity(page, `${record.title}`)).toHaveValue("2");
    await expect(page.getByRole("button", { name: `Increase quantity of ${record.title}` })).toBeDisabled();

    // Stock can fall after a record was added: the line is shown, marked, and left out of the totals.
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 5 }]);
    await page.goto("/cart");
    await ready(page, javaScriptEnabled);
    await expect(line(page, record.title).getByTestId("line-issue")).toHaveText("Only 2 left — lower the quantity");
    await expect(summary(page).getByTestId("cart-subtotal")).toHaveText("£0.00");
    const checkout = summary(page).getByRole("link", { name: "Checkout" });
    await expect(checkout).toHaveAttribute("aria-disabled", "true");
    await expect(checkout).not.toHaveAttribute("href", /.*/);
    await expect(checkout).toHaveAccessibleDescription(/Remove them or lower the quantity/);

    await quantity(page, `${record.title}`).fill("2");
    await quantity(page, `${record.title}`).press("Enter");
    await expect(line(page, record.title).getByTestId("line-issue")).toHaveCount(0);
    await expect(summary(page).getByTestId("cart-subtotal")).toHaveText("£30.00");
    await expect(summary(page).getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");

    // Typing more than the stock is never refused silently: the box and the cart hold the stock, and the shopper is told.
    await quantity(page, `${record.title}`).fill("9");
    await quantity(page, `${record.title}`).press("Enter");
    const told = (javaScriptEnabled ? page.locator("[data-sonner-toast]") : page.getByRole("status")).filter({
      hasText: "Only 2 in stock",
    });
    await expect(told.first()).toBeVisible();
    await expect(quantity(page, `${record.title}`)).toHaveValue("2");
    await expectCartCount(page, 2);
    await expect(summary(page).getByTestId("cart-subtotal")).toHaveText("£30.00");
  });

  test("a record out of stock cannot be added; a pre-order can @no-js", async ({ page, javaScriptEnabled, baseURL }) => {
    const gone = createRecord({ stock: 0 });
    const upcoming = createRecord({ stock: 0, releaseDate: "2099-06-01" });

    await page.goto(gone.path);
    await ready(page, javaScriptEnabled);
    await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to cart", exact: true })).toHaveCount(0);

    // A hand-made post (an old page, another tab): an error toast, never a 500, and nothing added.
    const res = await page.request.post("/cart", {
      form: { intent: "add", recordId: String(gone.id), redirectTo: gone.path },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe(gone.path);
    await page.goto(gone.path);
    await expectToast(page, javaScriptEnabled, "Not added to cart", `Sorry, "${gone.title}" is out of stock.`, "error");
    await expectCartCount(page, 0);

    await page.goto(upcoming.path);
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Pre-order", exact: true }).click();
    await expectToast(page, javaScriptEnabled, "Added to cart", `${upcoming.title} has been added to your cart.`);
    await expectCartCount(page, 1);
  });

  test("a record card's button adds to the cart and stays on the page @no-js", async ({ page, javaScriptEnabled }) => {
    const record = createRecord();
    const listing = `/browse?q=${encodeURIComponent(record.title)}`;
    await page.goto(listing);
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: `Add to cart: ${record.title}` }).click();
    await expectToast(page, javaScriptEnabled, "Added to cart", `${record.title} has been added to your cart.`);
    await expectCartCount(page, 1);
    // Still on the listing (without JavaScript, redirected back to it).
    await expect(page).toHaveURL(/\/browse\?q=Test/);
    await expect(page.getByRole("heading", { level: 3, name: record.title })).toBeVisible();
  });

  test("a tampered cart cookie is discarded: the pages still load and the cart is empty @no-js", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "needledrop-cart", value: "12xlots.<script>~drop-table", url: baseURL! }]);
    const res = await page.goto("/cart");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    await expectCartCount(page, 0);
    expect((await page.context().cookies()).find((c) => c.name === "needledrop-cart")).toBeUndefined();

    await page.context().addCookies([{ name: "needledrop-cart", value: "999999999x3", url: baseURL! }]);
    const home = await page.goto("/");
    expect(home?.status()).toBe(200);
    const cart = await page.goto("/cart");
    expect(cart?.status()).toBe(200);
    // A record that is not in the shop: shown as such, never charged.
    await expect(page.getByTestId("line-issue")).toHaveText("No longer available");
    await expect(summary(page).getByTestId("cart-total")).toHaveText("£0.00");
  });

  test("with JavaScript the header cart button opens the 'Your Cart' drawer", async ({ page, baseURL }) => {
    const record = createRecord({ pricePence: 1999 });
    await setCartCookie(page, baseURL!, [{ recordId: record.id, quantity: 1 }]);
    await page.goto("/");
    await ready(page, true);

    await cartButton(page).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveAttribute("aria-modal", "true");
    await expect(page).toHaveURL(/\/$/);
    await expect(drawer.getByRole("button", { name: "Close cart" })).toBeFocused();
    await expect(drawer.getByText("Shipping (Royal Mail)")).toBeVisible();
    await expect(drawer.getByTestId("cart-subtotal")).toHaveText("£19.99");
    await expect(drawer.getByTestId("cart-total")).toHaveText("£23.99");
    await expect(drawer.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(drawer.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");

    await drawer.getByRole("button", { name: `Increase quantity of ${record.title}` }).click();
    await expect(drawer.getByLabel(`Quantity of ${record.title}: 2`)).toBeVisible();
    await expect(drawer.getByTestId("cart-subtotal")).toHaveText("£39.98");
    await expectCartCount(page, 2);
    await drawer.getByRole("button", { name: `Decrease quantity of ${record.title}` }).click();
    await expectCartCount(page, 1);

    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(cartButton(page)).toBeFocused();

    await cartButton(page).click();
    await expect(drawer).toBeVisible();
    await page.getByTestId("cart-backdrop").click({ position: { x: 10, y: 10 } });
    await expect(drawer).toHaveCount(0);

    await cartButton(page).click();
    await drawer.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();

    await cartButton(page).click();
    await drawer.getByRole("button", { name: `Remove ${record.title} from cart` }).click();
    await expect(drawer.getByText("Your cart is empty.")).toBeVisible();
    await expectCartCount(page, 0);
  });
});
