import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { createRecord, expectToast, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// Photos of a used copy: an admin lists a copy with two photos, removes one, is told when a file is not a photo,
// and a shopper sees the photo beside the copy on the pressing's page and in full on the copy's own page.
// Tagged @no-js: it runs with JavaScript off too.

/** A photo as a file chooser gives it: real image bytes in the shape a phone takes them. */
async function photoFile(name: string, colour: string, width = 1200, height = 900) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

const copyForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("heading", { name: "Add a used copy" }) });

const copyIdOf = (pressingId: number) =>
  withDb((db) => db.prepare("select id from records where used_of_record_id = ?").get(pressingId) as { id: number }).id;

for (const width of [390, 1280]) {
  test.describe(`photos of a used copy at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 120_000 });

    test(`admin adds a copy with photos → removes one → shopper sees the other @no-js`, async ({
      page,
      javaScriptEnabled: js,
      baseURL,
    }) => {
      const pressing = createRecord({ title: `Photographed Pressing ${uniqueName("")}`, stock: 1 });
      let copyId = 0;

      await test.step("the admin lists a copy with two photos", async () => {
        await logInAsAdmin(page, js, baseURL!);
        await page.goto(`/admin/catalog-update/${pressing.id}`);
        await ready(page, js);
        const form = copyForm(page);
        await form.getByLabel("Price (£)").fill("18.50");
        await form.getByLabel("Record grade").selectOption("VG+");
        await form.getByLabel("Sleeve grade").selectOption("VG");
        await form
          .getByLabel(/^Photos/)
          .setInputFiles([await photoFile("sleeve.jpg", "#7a4b2a"), await photoFile("label.jpg", "#1f3d7a", 900, 1200)]);
        await form.getByRole("button", { name: "Add used copy" }).click();
        await expectToast(page, js, "with 2 photos");
        await expect(page.getByRole("table").getByRole("row").filter({ hasText: "VG+ / VG" })).toContainText("2 photos");
        copyId = copyIdOf(pressing.id);
      });

      await test.step("on the copy's page the admin removes one and is told when a file is not a photo", async () => {
        await page.goto(`/admin/catalog-update/${copyId}`);
        await ready(page, js);
        const section = page.getByRole("region", { name: "Photos of this copy" });
        await expect(section.getByTestId("admin-copy-photo")).toHaveCount(2);
        await section.getByRole("button", { name: "Remove photo 1" }).click();
        await expectToast(page, js, "Photo removed");
        await expect(section.getByTestId("admin-copy-photo")).toHaveCount(1);
        await section
          .getByLabel(/^Photos/)
          .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
        await section.getByRole("button", { name: "Add photos" }).click();
        await expect(section.getByRole("alert")).toHaveText("Photos must be JPEG, PNG or WebP images.");
        await expect(section.getByTestId("admin-copy-photo")).toHaveCount(1);
        if (js) {
          // With JavaScript, a choice past the limit is cleared before it can be sent.
          const six = await Promise.all(
            ["#101010", "#202020", "#303030", "#404040", "#505050", "#606060"].map((c, i) => photoFile(`${i}.jpg`, c, 40, 40)),
          );
          await section.getByLabel(/^Photos/).setInputFiles(six);
          await expect(section.getByText("A copy can have at most 6 photos, and this one has 1")).toBeVisible();
          expect(await section.getByLabel(/^Photos/).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
        }
        await page.context().clearCookies();
      });

      await test.step("the pressing's page shows the copy with its photo", async () => {
        await page.goto(pressing.path);
        await ready(page, js);
        const copy = page.getByRole("region", { name: /Used copies/ }).getByTestId("used-copy");
        await expect(copy.locator("img")).toHaveCount(1);
        await expect(copy.locator("img")).toHaveJSProperty("complete", true);
        expect(await copy.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await copy.getByRole("link", { name: /See this copy and its photo/ }).click();
      });

      await test.step("the copy's page shows the photo, which opens full size, and names it in its product data", async () => {
        await expect(page).toHaveURL(new RegExp(`/${copyId}-`));
        await ready(page, js);
        const gallery = page.getByRole("region", { name: /Photos of this copy/ });
        const link = gallery.getByRole("link");
        await expect(link).toHaveCount(1);
        const href = (await link.getAttribute("href"))!;
        expect(href).toMatch(/^\/media\/photos\/[0-9a-f]{20}\.jpg$/);
        const image = gallery.getByRole("img", { name: /Photo 1 of 1 of this copy/ });
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        const full = await page.request.get(href);
        expect(full.headers()["content-type"]).toBe("image/jpeg");
        const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
        expect(ld).toContain(href);
      });
    });
  });
}
