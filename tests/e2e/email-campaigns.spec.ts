import { expect, test, type Page } from "@playwright/test";
import { expectToast, lastMail, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// An e-mail campaign from the back office: written, previewed, test-sent, sent to a segment, each subscriber's mail
// carrying a one-click unsubscribe that the campaign then counts. Each project uses a genre no other spec gives its
// subscribers, so its segment holds only the subscribers this test made, whatever runs beside it.

/** Seconds are enough: the browser-test server sends campaign mail at ten a second. */
async function waitForSent(page: Page, js: boolean, sent: number) {
  await expect(async () => {
    if (!js) await page.reload();
    await expect(page.getByTestId("campaign-sent")).toContainText(String(sent), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test("an admin writes, previews, tests and sends a campaign to a segment @no-js", async ({
  page,
  javaScriptEnabled: js,
  baseURL,
}) => {
  const genre = js ? "Country" : "Classical";
  const tag = uniqueName("camp").toLowerCase();
  const readers = [`${tag}-a@example.com`, `${tag}-b@example.com`];
  const gone = `${tag}-gone@example.com`;
  const record = withDb((db) => {
    db.prepare("delete from subscribers where favorite_genre = ?").run(genre);
    const insert = db.prepare("insert into subscribers (email, favorite_genre, unsubscribed_at) values (?, ?, ?)");
    for (const email of readers) insert.run(email, genre, null);
    insert.run(gone, genre, "2026-11-01T10:00:00.000Z");
    return db.prepare("select id, title from records where published = 1 order by id limit 1").get() as {
      id: number;
      title: string;
    };
  });

  const admin = await logInAsAdmin(page, js, baseURL!);
  await page.goto("/admin/email-marketing");
  await ready(page, js);
  await page.getByRole("link", { name: "New campaign" }).click();
  await expect(page.getByRole("heading", { name: "New campaign", level: 1 })).toBeVisible();
  await ready(page, js);

  // Nothing typed: each field says what it needs.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Give the campaign a subject.")).toBeVisible();
  await expect(page.getByText("Write the campaign's text.")).toBeVisible();

  const subject = `Autumn ${genre} ${tag}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text", { exact: true }).fill(`## New in\n\nA **${genre}** crate, just for you. [Browse](/browse)`);
  await page.getByLabel("Who receives it").selectOption("genre-fans");
  await page.getByLabel("Genre", { exact: true }).selectOption(genre);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectToast(page, js, "Draft saved");
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");
  await ready(page, js);

  // The featured record is found by a search and added from its matches.
  await page.getByLabel("Find a record").fill(record.title);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const matches = page.getByRole("list", { name: "Matching records" });
  await matches
    .getByRole("button", { name: `Add ${record.title}` })
    .first()
    .click();
  await expectToast(page, js, "Record added");
  await expect(page.getByRole("list", { name: "Chosen records" })).toContainText(record.title);
  await ready(page, js);

  // The preview is the mail itself: text, card, unsubscribe link.
  const preview = page.frameLocator("iframe[title='The campaign e-mail as subscribers get it']");
  await expect(preview.getByRole("heading", { name: "New in" })).toBeVisible();
  await expect(preview.getByText(record.title).first()).toBeVisible();
  await expect(preview.getByRole("link", { name: "Unsubscribe with one click" })).toBeVisible();

  await page.getByRole("button", { name: "Send test" }).click();
  await expectToast(page, js, `Test sent to ${admin.email}`);
  await expect.poll(() => lastMail(admin.email, /^\[Test\]/)?.subject).toBe(`[Test] ${subject}`);

  await page.getByRole("checkbox", { name: "I have read the preview and the test mail." }).check();
  await page.getByRole("button", { name: "Send to 2 subscribers" }).click();
  await expectToast(page, js, "Campaign on its way");
  await waitForSent(page, js, 2);
  await expect(page.getByTestId("campaign-status")).toHaveText("Sent");

  // One mail each, with the one-click headers; none to the address that had unsubscribed.
  for (const to of readers) {
    const mail = lastMail(to, new RegExp(tag));
    expect(mail?.subject).toBe(subject);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  }
  expect(lastMail(gone, new RegExp(tag))).toBeUndefined();

  // A mail client's one-click unsubscribe, from the header: counted for this campaign.
  const link = /^<(.+)>$/.exec(lastMail(readers[0]!, new RegExp(tag))!.headers!["List-Unsubscribe"]!)![1]!;
  const res = await page.request.post(new URL(link).pathname + new URL(link).search, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(res.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("campaign-unsubscribed")).toContainText("1");

  await page.goto("/admin/email-marketing");
  const row = page.getByTestId("campaign").filter({ hasText: subject });
  await expect(row).toContainText("2 of 2 sent");
  await expect(row).toContainText("1 unsubscribed");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the campaign pages fit the screen", async ({ page, javaScriptEnabled: js, baseURL }) => {
    test.skip(!js, "Layout only: once is enough.");
    await logInAsAdmin(page, js, baseURL!);
    await page.goto("/admin/email-marketing/campaigns/new");
    await ready(page, js);
    await page.getByLabel("Subject").fill(`Phone ${uniqueName()}`);
    await page.getByLabel("Text", { exact: true }).fill("A very long word: ".concat("x".repeat(120)));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("campaign-status")).toHaveText("Draft");
    for (const path of [page.url(), "/admin/email-marketing"]) {
      await page.goto(path);
      await ready(page, js);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    // Leave nothing behind in the shared list.
    withDb((db) => db.prepare("delete from email_campaigns where subject like 'Phone %' and status = 'draft'").run());
  });
});
