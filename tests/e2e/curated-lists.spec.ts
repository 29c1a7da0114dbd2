import { expect, test, type Page } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// Curated lists from the back office to the shop: an admin builds Staff picks (adding by id and by catalogue
// number, reordering, removing) and sets the record of the week; the home page and the Staff picks crate show them.
// The lists are shared by the whole shop, so the flow that changes them runs once, without JavaScript; with
// JavaScript a shorter test checks the page's forms without changing a list.

const listSection = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });

async function addPick(page: Page, js: boolean, list: string, record: string, note?: string) {
  const section = listSection(page, list);
  await section.getByLabel("Record id or cat. no.").fill(record);
  if (note) await section.getByLabel(/Why this record|Note/).fill(note);
  await section
    .getByRole("button", { name: list === "Record of the week" ? "Set record of the week" : `Add to ${list}` })
    .click();
  await expectToast(page, js, list === "Record of the week" ? "Record of the week set" : `Added to ${list}`);
}

test.describe("curated lists", () => {
  test.describe.configure({ timeout: 120_000 });

  test("with JavaScript, the page tells an admin when no record has the id or number given", async ({ page, baseURL }) => {
    await logInAsAdmin(page, true, baseURL!);
    await page.goto("/marketing-tools/lists");
    await ready(page, true);
    for (const list of ["Staff picks", "Record of the week"]) {
      await listSection(page, list).getByLabel("Record id or cat. no.").fill("NO-SUCH-RECORD-0");
      await listSection(page, list)
        .getByRole("button", { name: list === "Staff picks" ? "Add to Staff picks" : "Set record of the week" })
        .click();
      await expect(listSection(page, list).getByRole("alert")).toHaveText("No record has that id or catalogue number.");
    }
  });

  test("an admin curates staff picks and the record of the week; the shop shows them @no-js", async ({
    page,
    javaScriptEnabled: js,
    baseURL,
  }) => {
    test.skip(js, "Changes lists every page shares: run once, without JavaScript.");
    const tag = uniqueName("");
    const first = createRecord({ title: `Counter Favourite ${tag}` });
    const second = createRecord({ title: `Late Night Spin ${tag}` });
    const third = createRecord({ title: `Weekly Wonder ${tag}` });
    const catalogNumber = `CUR-${tag}`.slice(0, 30);
    withDb((db) => db.prepare("update records set catalog_number = ? where id = ?").run(catalogNumber, second.id));
    const own = (page: Page) => listSection(page, "Staff picks").getByTestId("curated-pick").filter({ hasText: tag });

    try {
      await test.step("staff picks: add by id and by catalogue number, reorder, refuse an unknown record", async () => {
        await logInAsAdmin(page, js, baseURL!);
        await page.goto("/marketing-tools/lists");
        await ready(page, js);
        await addPick(page, js, "Staff picks", String(first.id));
        await addPick(page, js, "Staff picks", catalogNumber.toLowerCase().replace("-", " "));
        await expect(own(page)).toHaveCount(2);
        await expect(own(page).nth(1)).toContainText(second.title);
        await own(page)
          .nth(1)
          .getByRole("button", { name: `Move ${second.title} up` })
          .click();
        await expectToast(page, js, "Moved up");
        await expect(own(page).nth(0)).toContainText(second.title);
        // Removing asks first: keeping it changes nothing, confirming takes it off.
        await own(page)
          .filter({ hasText: first.title })
          .getByRole("link", { name: `Remove ${first.title}` })
          .click();
        await page.getByRole("link", { name: "Keep it" }).click();
        await expect(own(page)).toHaveCount(2);
        await own(page)
          .filter({ hasText: first.title })
          .getByRole("link", { name: `Remove ${first.title}` })
          .click();
        await expect(page.getByRole("heading", { name: `Take ${first.title} off Staff picks?` })).toBeVisible();
        await page.getByRole("button", { name: "Yes, take it off" }).click();
        await expectToast(page, js, "Taken off the list");
        await expect(own(page)).toHaveCount(1);
        await addPick(page, js, "Staff picks", String(first.id));
        await listSection(page, "Staff picks").getByLabel("Record id or cat. no.").fill("NO-SUCH-RECORD-0");
        await listSection(page, "Staff picks").getByRole("button", { name: "Add to Staff picks" }).click();
        await expect(listSection(page, "Staff picks").getByRole("alert")).toHaveText(
          "No record has that id or catalogue number.",
        );
      });

      if (js) {
        await test.step("with JavaScript: a pick is removed in place", async () => {
          await own(page)
            .filter({ hasText: first.title })
            .getByRole("link", { name: `Remove ${first.title}` })
            .click();
          await page.getByRole("button", { name: "Yes, take it off" }).click();
          await expectToast(page, js, "Taken off the list");
          await expect(own(page)).toHaveCount(1);
        });
        return;
      }

      await test.step("record of the week with a note", async () => {
        await addPick(page, js, "Record of the week", String(third.id), "Side two is the best twenty minutes of the year.");
        await expect(listSection(page, "Record of the week").getByTestId("curated-pick")).toContainText(third.title);
        await page.context().clearCookies();
      });

      await test.step("the home page shows the record of the week and the staff picks", async () => {
        await page.goto("/");
        const week = page.getByRole("region", { name: "Record of the week" });
        await expect(week.getByRole("heading", { level: 3 })).toHaveText(third.title);
        await expect(week).toContainText("Side two is the best twenty minutes of the year.");
        const picks = page.getByRole("region", { name: "Staff picks" });
        await expect(picks.getByRole("article").filter({ hasText: second.title })).toHaveCount(1);
        await expect(picks.getByRole("article").filter({ hasText: first.title })).toHaveCount(1);
        await picks.getByRole("link", { name: "Dig the crate" }).click();
      });

      await test.step("the Staff picks crate deals the hand-picked records", async () => {
        await expect(page).toHaveURL(/crate=staff-picks/);
        await expect(page.getByText("Records the people behind the counter keep playing, picked by hand.")).toBeVisible();
        await expect(page.getByTestId("crate-position")).toHaveText(/^1 of [1-4]$/);
      });
    } finally {
      // The lists are shared by every test: leave them as they were.
      withDb((db) => db.prepare("delete from curated_picks where record_id in (?, ?, ?)").run(first.id, second.id, third.id));
    }
  });
});
