import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { apiRegister, logIn, logInAsAdmin, newAccount, ready, uniqueName, withDb } from "./support/shop";

// The catalogue back office (/admin/catalog-update). Tests tagged @no-js also run with JavaScript off.

const cover = () =>
  sharp({ create: { width: 800, height: 640, channels: 3, background: "#8a3b12" } })
    .png()
    .toBuffer();

async function fillRecord(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    const box = page.getByLabel(label, { exact: true });
    await box.fill(value);
    await expect(box).toHaveValue(value);
  }
}

test.describe("catalogue back office", () => {
  test("creates a record with a cover, sees it in the shop and in search, edits its price and unpublishes it @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.slow(); // a long walk through five pages
    const js = javaScriptEnabled ?? true;
    await logInAsAdmin(page, js, baseURL!);
    const title = `Glasshouse ${uniqueName("")}`;
    await page.goto("/admin/catalog-update");
    await page.getByRole("link", { name: "Add a record" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add a record" })).toBeVisible();
    await ready(page, js);

    // A refusal keeps what was typed and says what is wrong, field by field.
    await fillRecord(page, { Title: title, Artist: "Wren Hollis", "Price (£, VAT included)": "twelve", Year: "nineteen" });
    await page.getByRole("button", { name: "Add record" }).click();
    await expect(page.getByText("Enter the price in pounds, such as 12.99")).toBeVisible();
    await expect(page.getByText("Year must be a whole number, such as 1972")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    await fillRecord(page, {
      "Price (£, VAT included)": "£17.50",
      "Release date": "2021-02-14",
      Year: "2021",
      Genre: "Folk",
      Label: "Heron Sound",
      "Catalogue number": `HS-${uniqueName("")}`,
      "Opening stock": "4",
    });
    await page.getByLabel("Format").selectOption("Vinyl LP");
    await page.getByLabel("Cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await cover() });
    await page.getByRole("button", { name: "Add record" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/catalog-update\/\d+$/);
    const recordId = Number(new URL(page.url()).pathname.split("/").pop());
    const stored = withDb((db) =>
      db
        .prepare("select price_pence as price, stock_quantity as stock, cover_url as cover from records where id = ?")
        .get(recordId),
    ) as { price: number; stock: number; cover: string };
    expect(stored).toMatchObject({ price: 1750, stock: 4 });
    expect(stored.cover).toMatch(/^\/media\/covers\/.+\.jpg$/);
    const coverResponse = await page.request.get(stored.cover);
    expect(coverResponse.headers()["content-type"]).toBe("image/jpeg");
    expect(await sharp(await coverResponse.body()).metadata()).toMatchObject({ width: 600, height: 600 });

    // The shop shows it at once: its page and the search.
    await page.getByRole("link", { name: "View in shop" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("£17.50").first()).toBeVisible();
    await page.goto(`/browse?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();

    // Edit its price.
    await page.goto(`/admin/catalog-update/${recordId}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await ready(page, js);
    await page.locator("#record-price").fill("19.99");
    await page.getByRole("button", { name: "Save changes" }).click();
    const edited = page.getByRole("listitem").filter({ hasText: "edited by" });
    await expect(edited).toContainText("Before: Price: £17.50");
    await expect(edited).toContainText("After: Price: £19.99");
    expect(withDb((db) => db.prepare("select price_pence as p from records where id = ?").get(recordId))).toEqual({ p: 1999 });

    // Unpublish it, once asked to confirm.
    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByTestId("confirm-step").getByRole("button", { name: "Yes, unpublish it" }).click();
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
    await expect(page.getByText("Unpublished", { exact: true })).toBeVisible();
    expect(withDb((db) => db.prepare("select published as p from records where id = ?").get(recordId))).toEqual({ p: 0 });
    await page.goto("/admin/catalog-update?status=unpublished");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  });

  test("imports nothing from a CSV with a bad row, reports it, then imports the fixed file", async ({ page, baseURL }) => {
    test.slow();
    await logInAsAdmin(page, true, baseURL!);
    const tag = uniqueName("IMP").toUpperCase();
    const header = "catalogue_number,title,artist,price,release_date,stock";
    const bad = [header, `${tag}-1,Low Tide,Marram,14.00,2019-06-01,2`, `${tag}-2,High Tide,Marram,fourteen,2019-06-01,2`].join(
      "\n",
    );
    const imported = () =>
      withDb((db) => db.prepare("select count(*) as n from records where catalog_number like ?").get(`${tag}-%`));

    await page.goto("/admin/catalog-update/import");
    await ready(page, true);
    await page.getByLabel("CSV file").setInputFiles({ name: "records.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Preview" }).click();
    const errors = page.getByTestId("import-error");
    await expect(errors).toHaveCount(1);
    await expect(errors.first()).toContainText("3");
    await expect(errors.first()).toContainText("Price: Enter the price in pounds, such as 12.99");
    await page.getByRole("button", { name: "Import 1 row" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was imported: 1 row has errors");
    expect(imported()).toEqual({ n: 0 });
    const report = await page.request.get(
      await page
        .getByRole("link", { name: "Download the report (CSV)" })
        .getAttribute("href")
        .then((h) => h!),
    );
    expect(await report.text()).toContain(`3,error,${tag}-2,High Tide,"Price: Enter the price in pounds, such as 12.99"`);

    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "records.csv", mimeType: "text/csv", buffer: Buffer.from(bad.replace("fourteen", "15.00")) });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("import-error")).toHaveCount(0);
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible();
    // The page's own summary, read back from the report (the toast says the same).
    await expect(page.getByRole("region", { name: "Import finished" })).toContainText("2 created, 0 updated.");
    expect(imported()).toEqual({ n: 2 });
  });

  test("previews a Latin-1 (Windows-1252) file with its accents, and says how it read it", async ({ page, baseURL }) => {
    await logInAsAdmin(page, true, baseURL!);
    const tag = uniqueName("LAT").toUpperCase();
    // "Café Society" as a spreadsheet saving in the Windows code page writes it: é is the one byte 0xE9.
    const file = Buffer.concat([
      Buffer.from(`catalogue_number,title,artist,price\r\n${tag}-1,Caf`),
      Buffer.from([0xe9]),
      Buffer.from(" Society,Marram,14.00\r\n"),
    ]);
    await page.goto("/admin/catalog-update/import");
    await ready(page, true);
    await page.getByLabel("CSV file").setInputFiles({ name: "latin1.csv", mimeType: "text/csv", buffer: file });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("import-encoding")).toContainText("Read as Windows-1252 (Latin-1)");
    await expect(page.getByText(`${tag}-1 · Café Society by Marram`)).toBeVisible();
  });

  test("previews a UK spreadsheet's day-first date with a note saying how it was read, and warns the record will be hidden", async ({
    page,
    baseURL,
  }) => {
    await logInAsAdmin(page, true, baseURL!);
    const tag = uniqueName("UK").toUpperCase();
    const file = `Cat No,Title,Artist,Price (£),Format,Release date\r\n${tag}-1,Spring Tides,Marram,14.00,2LP,05/04/2024\r\n`;
    await page.goto("/admin/catalog-update/import");
    await ready(page, true);
    await page.getByLabel("CSV file").setInputFiles({ name: "uk.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("import-error")).toHaveCount(0);
    await expect(page.getByTestId("import-read-note")).toContainText(
      `${tag}-1 · Spring Tides: Format: 2LP read as Vinyl 2×LP; Release date: 05/04/2024 read as 5 April 2024`,
    );
    await expect(page.getByTestId("import-column-notes")).toContainText("Cat No read as Catalogue number");
    await expect(page.getByTestId("import-hidden-row")).toContainText(`${tag}-1 · Spring Tides: no cover`);
  });

  test("exports the catalogue as CSV", async ({ page, baseURL }) => {
    await logInAsAdmin(page, true, baseURL!);
    const response = await page.request.get("/admin/catalog-update/export.csv");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
    expect((await response.text()).split("\n")[0]).toMatch(/^catalogue_id,catalogue_number,title,artist,genre,price,/);
  });

  test("a visitor is sent to sign in and a customer is refused @no-js", async ({ page, baseURL, javaScriptEnabled }) => {
    await page.goto("/admin/catalog-update/new");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fcatalog-update%2Fnew$/);
    const customer = newAccount("cust");
    await apiRegister(page.context().request, baseURL!, customer);
    await page.context().clearCookies();
    await logIn(page, javaScriptEnabled ?? true, customer);
    for (const path of [
      "/admin/catalog-update",
      "/admin/catalog-update/new",
      "/admin/catalog-update/import",
      "/admin/catalog-update/export.csv",
      "/admin/catalog-update/1",
    ]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(403);
    }
    const post = await page.request.post("/admin/catalog-update/new", {
      headers: { Origin: baseURL! },
      multipart: { title: "Sneaky", artist: "Nobody", price: "1.00" },
    });
    expect(post.status()).toBe(403);
  });
});
