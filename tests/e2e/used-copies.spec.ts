import { expect, test, type Page } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, stockOf, uniqueName, withDb } from "./support/shop";

// Used copies from end to end: an admin lists two graded copies of a pressing, a shopper filters /browse by
// condition and minimum grade, opens the copy, buys it with the test card, and the copy is then sold.
// Tagged @no-js: it runs with JavaScript off too.

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;
const field = (page: Page, label: string) => page.locator("form#checkout").getByLabel(label, { exact: true });

async function addCopy(page: Page, js: boolean, copy: { price: string; media: string; sleeve: string; note?: string }) {
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Add a used copy" }) });
  await form.getByLabel("Price (£)").fill(copy.price);
  await form.getByLabel("Record grade").selectOption(copy.media);
  await form.getByLabel("Sleeve grade").selectOption(copy.sleeve);
  if (copy.note) await form.getByLabel(/Condition note/).fill(copy.note);
  await form.getByRole("button", { name: "Add used copy" }).click();
  await expectToast(page, js, "Used copy added");
}

const copiesOf = (pressingId: number) =>
  withDb(
    (db) =>
      db
        .prepare("select id, media_grade as grade, stock_quantity as stock from records where used_of_record_id = ? order by id")
        .all(pressingId) as { id: number; grade: string; stock: number }[],
  );

for (const width of [390, 1280]) {
  test.describe(`used copies at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 120_000 });

    test(`admin lists a copy → shopper filters by grade → buys it → it is sold @no-js`, async ({
      page,
      javaScriptEnabled: js,
      baseURL,
    }) => {
      const pressing = createRecord({ title: `Graded Pressing ${uniqueName("")}`, stock: 2, pricePence: 2500 });

      await test.step("the admin adds a Near Mint and a Good copy on the record's edit page", async () => {
        await logInAsAdmin(page, js, baseURL!);
        await page.goto(`/admin/catalog-update/${pressing.id}`);
        await ready(page, js);
        await addCopy(page, js, { price: "30", media: "NM", sleeve: "VG+", note: "Light hairlines on side B" });
        await addCopy(page, js, { price: "8", media: "G", sleeve: "G" });
        const table = page.getByRole("table");
        await expect(table.getByRole("row").filter({ hasText: "NM / VG+" })).toContainText("Available");
        await expect(table.getByRole("row").filter({ hasText: "G / G" })).toContainText("£8.00");
        expect(copiesOf(pressing.id).map((c) => [c.grade, c.stock])).toEqual([
          ["NM", 1],
          ["G", 1],
        ]);
        await page.context().clearCookies();
      });
      const [nm, good] = copiesOf(pressing.id);

      await test.step("the pressing's page lists both copies beside its own buy box", async () => {
        await page.goto(pressing.path);
        await ready(page, js);
        const used = page.getByRole("region", { name: /Used copies/ });
        await expect(used.getByTestId("used-copy")).toHaveCount(2);
        await expect(used.getByTestId("used-copy").first()).toContainText("Light hairlines on side B");
        await expect(used.getByTestId("used-copy").first()).toContainText("£30.00");
        await expect(used.locator("abbr", { hasText: "NM" }).first()).toHaveAttribute("title", /Near Mint/);
      });

      await test.step("/browse with condition Used and grade VG+ or better finds the NM copy, not the G one", async () => {
        await page.goto("/browse");
        await ready(page, js);
        if (width < 1024) await page.getByText("Filters", { exact: true }).click();
        const filters = page.locator("form#browse-filters");
        await filters.getByLabel("Keywords").fill(pressing.title);
        await filters.getByLabel("Used: minimum grade (record)").selectOption("VG+");
        await filters.getByRole("button", { name: "Apply filters" }).click();
        await expect(page).toHaveURL(/grade=VG%2B/);
        await expect(page).toHaveURL(/q=Graded/);
        const results = page.locator("#results");
        await expect(results.locator("article")).toHaveCount(1);
        await expect(results.locator("article")).toContainText("Used · NM");
        await expect(results.locator(`a[href*="/${good!.id}-"]`)).toHaveCount(0);
        await results.locator(`a[href*="/${nm!.id}-"]`).first().click();
      });

      await test.step("the copy's own page shows its grades and links to the pressing; it goes in the cart", async () => {
        await expect(page).toHaveURL(new RegExp(`/${nm!.id}-`));
        await ready(page, js);
        const facts = page.getByRole("region", { name: "Used copy" });
        await expect(facts).toContainText("Record: NM (Near Mint)");
        await expect(facts).toContainText("Sleeve: VG+ (Very Good Plus)");
        await expect(facts.getByRole("link", { name: /See the new pressing/ })).toHaveAttribute("href", pressing.path);
        const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
        expect(ld).toContain("https://schema.org/UsedCondition");
        await page.getByRole("main").getByRole("button", { name: "Add to cart" }).first().click();
        await expectToast(page, js, "Added");
      });

      await test.step("checkout with the test card buys it", async () => {
        await page.goto("/checkout");
        await ready(page, js);
        await field(page, "Email").fill(`${uniqueName("used")}@example.com`);
        await field(page, "Full name").fill("Ada Lovelace");
        await field(page, "Address line 1").fill("12 Groove Street");
        await field(page, "Town or city").fill("Leeds");
        await field(page, "Postcode").fill("ls1 4ap");
        await field(page, "Card number").fill("4242 4242 4242 4242");
        await field(page, "Expiry date").fill(EXPIRY);
        await field(page, "Security code").fill("123");
        await page.getByRole("button", { name: /^Pay £/ }).click();
        await expect(page).toHaveURL(/\/payment-confirmation\?order=ND-/);
        await expect(page.getByRole("main")).toContainText(pressing.title);
        expect(stockOf(nm!.id)).toBe(0);
      });

      await test.step("afterwards the copy is sold and cannot be added; the pressing lists only the other copy", async () => {
        await page.goto(`/vinyl/${nm!.id}`);
        await ready(page, js);
        await expect(page.getByRole("region", { name: "Used copy · Sold" })).toBeVisible();
        await expect(page.getByRole("main").getByRole("button", { name: "Out of stock" }).first()).toBeDisabled();
        await page.goto(pressing.path);
        await ready(page, js);
        await expect(page.getByRole("region", { name: /Used copies/ }).getByTestId("used-copy")).toHaveCount(1);
        await expect(page.getByRole("region", { name: /Used copies/ })).toContainText("£8.00");
      });
    });
  });
}
