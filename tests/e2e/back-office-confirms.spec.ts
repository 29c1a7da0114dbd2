import { expect, test } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, withDb } from "./support/shop";

// Moves that are hard to take back ask first, with JavaScript on and off: the first press shows a confirm panel and
// changes nothing, the panel's button does it. The schedule's list view follows the month chosen. Tests tagged
// @no-js run with JavaScript on and off.

const SCHEDULE = "/admin/schedule-management";

const isPublished = (recordId: number) =>
  withDb((db) => (db.prepare("select published as p from records where id = ?").get(recordId) as { p: number }).p === 1);

test.describe("back office confirms", () => {
  // Each test signs in (with a second factor) and walks several pages on a shared, busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("unpublishing a record from its page asks first, and Keep leaves it on the shop @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    const record = createRecord();
    await logInAsAdmin(page, js, baseURL!);
    await page.goto(`/admin/catalog-update/${record.id}`);
    await ready(page, js);

    await page.getByRole("button", { name: "Unpublish" }).click();
    const panel = page.getByTestId("confirm-step");
    await expect(panel.getByRole("heading", { name: `Unpublish ${record.artist} – ${record.title}?` })).toBeVisible();
    expect(isPublished(record.id)).toBe(true);
    await panel.getByRole("link", { name: "Keep it on the shop" }).click();
    await expect(page.getByTestId("confirm-step")).toHaveCount(0);
    expect(isPublished(record.id)).toBe(true);

    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByTestId("confirm-step").getByRole("button", { name: "Yes, unpublish it" }).click();
    await expectToast(page, js, "Record unpublished");
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
    expect(isPublished(record.id)).toBe(false);
  });

  test("the schedule's Unpublish asks first too, and a post without the confirm field changes nothing @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    const record = createRecord();
    await logInAsAdmin(page, js, baseURL!);
    await page.goto(SCHEDULE);
    await ready(page, js);

    const form = page.getByRole("form", { name: "Schedule a record or post" });
    await form.getByLabel("Record number or post slug").fill(String(record.id));
    await form.getByRole("button", { name: "Unpublish" }).click();
    const panel = page.getByTestId("confirm-step");
    await expect(panel).toContainText(`Unpublish ${record.artist} – ${record.title}?`);
    expect(isPublished(record.id)).toBe(true);

    // A script posting the first step alone is answered with the question, never the change.
    const scripted = await page.request.post(SCHEDULE, {
      maxRedirects: 0,
      headers: { origin: baseURL! },
      form: { intent: "unpublish", kind: "record", target: String(record.id) },
    });
    expect(scripted.status()).toBe(200);
    expect(isPublished(record.id)).toBe(true);

    await panel.getByRole("button", { name: "Yes, unpublish it" }).click();
    await expectToast(page, js, "Unpublished");
    await expect(page.getByTestId(`scheduled-record-${record.id}`)).toContainText("Unpublished");
    expect(isPublished(record.id)).toBe(false);
  });

  test("the list view lists the month chosen in the calendar, and follows the month links @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    // A month of its own far ahead, so the list holds these records alone.
    const year = 2040 + Math.floor(Math.random() * 50);
    const march = createRecord({ stock: 0, releaseDate: `${year}-03-14` });
    const april = createRecord({ stock: 0, releaseDate: `${year}-04-02` });
    await logInAsAdmin(page, js, baseURL!);

    await page.goto(`${SCHEDULE}?month=${year}-03`);
    await ready(page, js);
    await page.getByRole("navigation", { name: "Month" }).getByRole("link", { name: "List" }).click();
    await expect(page).toHaveURL(new RegExp(`month=${year}-03&view=list`));
    await expect(page.getByText(`1 record released in March ${year}`)).toBeVisible();
    await expect(page.getByTestId(`row-${march.id}`)).toContainText(`14 March ${year}`);
    await expect(page.getByTestId(`row-${april.id}`)).toHaveCount(0);

    await page.getByRole("link", { name: `April ${year} ›` }).click();
    await expect(page).toHaveURL(new RegExp(`month=${year}-04&view=list`));
    await expect(page.getByTestId(`row-${april.id}`)).toContainText(`2 April ${year}`);
    await expect(page.getByTestId(`row-${march.id}`)).toHaveCount(0);
  });
});
