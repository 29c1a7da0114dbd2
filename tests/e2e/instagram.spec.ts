import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createRecord, expectToast, logInAsAdmin, ready, uniqueName } from "./support/shop";

// The Instagram post planner (/admin/instagram-management): a post for a record, its caption edited, scheduled,
// and its image and caption downloaded to post by hand. Tagged @no-js: it runs with JavaScript on and off.

const PATH = "/admin/instagram-management";

/** Tomorrow's date in London, as a date input takes it. */
function tomorrowInLondon(): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(Date.now() + 86_400_000));
  return parts;
}

test.describe("instagram planner", () => {
  test.describe.configure({ timeout: 90_000 });

  test("an admin creates a post, edits its caption, schedules it and downloads the image and caption @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }, testInfo) => {
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);
    const record = createRecord({ title: `Gram <Session> & ${uniqueName("")}`, pricePence: 2750 });

    await page.goto(PATH);
    await ready(page, javaScriptEnabled);
    await expect(page.getByTestId("publishing-mode")).toContainText("Publishing is manual");
    // The record picker works without JavaScript: a GET search, then a plain form.
    await page.getByRole("searchbox", { name: /Find a record/ }).fill(record.title);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByRole("combobox", { name: "Record", exact: true })).toContainText(record.title);
    await page.getByRole("combobox", { name: "Record", exact: true }).selectOption(String(record.id));
    await page.getByRole("button", { name: "Create post" }).click();
    await expectToast(page, javaScriptEnabled, "Draft created");

    const card = page.locator("li[id^=post-]").filter({ hasText: record.title });
    await expect(card).toHaveCount(1);
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    await expect(card.getByRole("textbox", { name: "Caption" })).toHaveValue(/£27\.50/);

    const caption = `Just in: ${record.title}. #Vinyl #TestPressings`;
    await card.getByRole("textbox", { name: "Caption" }).fill(caption);
    await card.getByRole("button", { name: "Save caption" }).click();
    await expectToast(page, javaScriptEnabled, "Post saved");
    await expect(card.getByRole("textbox", { name: "Caption" })).toHaveValue(caption);

    await card.locator('input[name="date"]').fill(tomorrowInLondon());
    await card.locator('input[name="time"]').fill("09:30");
    await card.getByRole("button", { name: "Schedule" }).click();
    await expectToast(page, javaScriptEnabled, "Post saved");
    await expect(card.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(card).toContainText("09:30");

    const [image] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download image" }).click(),
    ]);
    expect(image.suggestedFilename()).toMatch(/^instagram-post-\d+\.jpg$/);
    const jpeg = await readFile((await image.path())!);
    await image.saveAs(testInfo.outputPath("post.jpg"));
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1080, height: 1080 });

    const [text] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download caption" }).click(),
    ]);
    expect(await readFile((await text.path())!, "utf8")).toBe(`${caption}\n`);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: testInfo.outputPath(`instagram-${width}-top.png`) });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`instagram-${width}-post.png`) });
    }
  });

  test("a visitor cannot download a post's image", async ({ request }) => {
    const response = await request.get(`${PATH}/1/image.jpg`, { maxRedirects: 0 });
    expect([302, 303, 401, 403]).toContain(response.status());
  });
});
