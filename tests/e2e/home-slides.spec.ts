import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectToast, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// Home page slides in the back office: an admin adds a slide with a wide image, sees it in the preview, is told
// when its colours are unreadable, and deletes it. The slides stay hidden: the home page is shared by every test
// (which slides it shows is covered by the service's and the hero's unit tests).

test.describe("home page slides", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin adds a slide with an image, previews it, fixes its colours and deletes it @no-js", async ({
    page,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    const title = `Winter Sale ${uniqueName("")}`.slice(0, 60);
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#204060" } })
      .jpeg()
      .toBuffer();
    try {
      await test.step("add a hidden slide with a wide image", async () => {
        await logInAsAdmin(page, js, baseURL!);
        await page.goto("/marketing-tools/slides");
        await ready(page, js);
        await page.getByLabel("Title").fill(title);
        await page.getByLabel("Description").fill("A fifth off selected LPs until Sunday.");
        await page.getByLabel("Button text").fill("Shop the sale");
        await page.getByLabel("Button link").fill("https://evil.example/sale");
        await page.getByLabel(/Wide image/).setInputFiles({ name: "wide.jpg", mimeType: "image/jpeg", buffer: wide });
        await page.getByLabel("Show on the home page").uncheck();
        await page.getByRole("button", { name: "Add slide" }).click();
        await expect(page.locator("#slide-buttonLink-error")).toHaveText(
          "Use a path on this shop, such as /allvinyl or /browse?genre=Jazz.",
        );
        // The file input cannot keep its file across a page load: choose it again.
        await page.getByLabel("Button link").fill("/browse?q=sale");
        await page.getByLabel(/Wide image/).setInputFiles({ name: "wide.jpg", mimeType: "image/jpeg", buffer: wide });
        if (!js) await page.getByLabel("Show on the home page").uncheck();
        await page.getByRole("button", { name: "Add slide" }).click();
        await expectToast(page, js, "Slide added");
        const row = page.getByTestId("admin-slide").filter({ hasText: title });
        await expect(row).toContainText("Hidden");
        await row.getByRole("link", { name: title, exact: true }).click();
      });

      await test.step("the preview shows it as the home page would", async () => {
        await ready(page, js);
        const preview = page.getByRole("region", { name: /Slide preview|Preview/ }).first();
        await expect(preview.getByRole("heading", { name: title })).toBeVisible();
        await expect(preview.getByRole("link", { name: "Shop the sale" })).toHaveAttribute("href", "/browse?q=sale");
        const img = preview.locator("img").first();
        await expect(img).toHaveAttribute("src", /^\/media\/slides\/[0-9a-f]{20}\.jpg$/);
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1600);
      });

      await test.step("unreadable colours are refused; readable ones save", async () => {
        await page.getByLabel("Text colour").fill("#1a1a1a");
        await page.getByLabel("Background colour").fill("#16130f");
        await page.getByRole("button", { name: "Save slide" }).click();
        await expect(page.locator("#slide-textColor-error")).toContainText("The text colour is hard to read on the background");
        await page.getByLabel("Text colour").fill("#fff5d6");
        await page.getByRole("button", { name: "Save slide" }).click();
        await expectToast(page, js, "Slide saved");
        expect(withDb((db) => db.prepare("select text_color from home_slides where title = ?").get(title))).toEqual({
          text_color: "#fff5d6",
        });
      });

      await test.step("delete it", async () => {
        await page.goto("/marketing-tools/slides");
        await ready(page, js);
        await page.getByRole("button", { name: `Delete ${title}` }).click();
        await expectToast(page, js, "Slide deleted");
        await expect(page.getByTestId("admin-slide").filter({ hasText: title })).toHaveCount(0);
      });
    } finally {
      withDb((db) => db.prepare("delete from home_slides where title = ?").run(title));
    }
  });
});
