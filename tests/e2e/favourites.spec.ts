import { expect, test, type Page } from "@playwright/test";
import { apiRegister, createRecord, logIn, newAccount, ready, withDb } from "./support/shop";

// Favourites (spec §2 protected page, §4 add skips duplicates / remove / clear) and the listening history
// (§4). A visitor's hearts are kept in the browser and join the account at sign-in. Tests tagged @no-js
// run with JavaScript on and off.

async function expectToast(page: Page, javaScriptEnabled: boolean, title: string, description?: string) {
  const toast = (javaScriptEnabled ? page.locator("[data-sonner-toast]") : page.getByRole("status"))
    .filter({ hasText: title })
    .first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

const favouritesButton = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Favourites/ });

async function expectFavouritesCount(page: Page, count: number) {
  if (count === 0) {
    await expect(page.getByRole("banner").getByTestId("favourites-count")).toHaveCount(0);
    await expect(favouritesButton(page)).toHaveAccessibleName("Favourites");
  } else {
    await expect(page.getByRole("banner").getByTestId("favourites-count")).toHaveText(String(count));
    await expect(favouritesButton(page)).toHaveAccessibleName(`Favourites, ${count} ${count === 1 ? "record" : "records"}`);
  }
}

/** Presses the heart on a record page and checks it flipped. */
async function toggleHeart(page: Page, title: string, to: "on" | "off") {
  const before = page
    .getByRole("main")
    .getByRole("button", { name: `${to === "on" ? "Add" : "Remove"} ${title} ${to === "on" ? "to" : "from"} favourites` })
    .first();
  await expect(before).toHaveAttribute("aria-pressed", to === "on" ? "false" : "true");
  await before.click();
  const after = page
    .getByRole("main")
    .getByRole("button", { name: `${to === "on" ? "Remove" : "Add"} ${title} ${to === "on" ? "from" : "to"} favourites` })
    .first();
  await expect(after).toHaveAttribute("aria-pressed", to === "on" ? "true" : "false");
}

const favouriteList = (page: Page) => page.getByRole("list", { name: "Favourite records" });

test.describe("favourites", () => {
  test("a visitor's hearts count in the header, join the account at login, then remove and clear on /favorites @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const account = newAccount("fav");
    await apiRegister(request, baseURL!, account);
    const first = createRecord();
    const second = createRecord();

    await test.step("as a visitor: the heart toggles and the header counts favourites", async () => {
      await page.goto(first.path);
      await ready(page, javaScriptEnabled);
      await toggleHeart(page, first.title, "on");
      await expectToast(page, javaScriptEnabled, "Added to favourites", `${first.title} is in your favourites.`);
      await expectFavouritesCount(page, 1);

      await page.goto(second.path);
      await ready(page, javaScriptEnabled);
      await toggleHeart(page, second.title, "on");
      await expectFavouritesCount(page, 2);
      await toggleHeart(page, second.title, "off");
      await expectToast(page, javaScriptEnabled, "Removed from favourites");
      await expectFavouritesCount(page, 1);
      await toggleHeart(page, second.title, "on");
      await expectFavouritesCount(page, 2);
    });

    await test.step("/favorites is protected: sign in, and the visitor's favourites are on the account", async () => {
      await logIn(page, javaScriptEnabled, account, "/favorites");
      await expect(page).toHaveURL(/\/favorites$/);
      await expect(page).toHaveTitle("Your favourites | Needledrop");
      await expect(page.getByRole("heading", { level: 1, name: "Your favourites" })).toBeVisible();
      await expect(favouriteList(page).getByRole("heading", { level: 3, name: first.title })).toBeVisible();
      await expect(favouriteList(page).getByRole("heading", { level: 3, name: second.title })).toBeVisible();
      await expect(favouriteList(page).getByRole("listitem")).toHaveCount(2);
      await expectFavouritesCount(page, 2);
      // Moved, not copied: the browser's list is gone and the account holds both.
      expect((await page.context().cookies()).find((c) => c.name === "needledrop-favourites")).toBeUndefined();
      const saved = withDb(
        (db) =>
          db
            .prepare(
              "select f.record_id as id from favourites f join users u on u.id = f.user_id where u.username = ? order by f.record_id",
            )
            .all(account.username) as { id: number }[],
      );
      expect(saved.map((r) => r.id)).toEqual([first.id, second.id].sort((a, b) => a - b));
    });

    await test.step("remove one, then clear them all", async () => {
      await page.getByRole("button", { name: `Remove ${first.title} from favourites` }).click();
      await expectToast(page, javaScriptEnabled, "Removed from favourites");
      await expect(favouriteList(page).getByRole("listitem")).toHaveCount(1);
      await expect(favouriteList(page)).not.toContainText(first.title);
      await expectFavouritesCount(page, 1);

      await page.getByRole("button", { name: "Clear favourites" }).click();
      await expectToast(page, javaScriptEnabled, "Favourites cleared");
      await expect(page.getByRole("heading", { name: "No favourites yet" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Browse records" })).toHaveAttribute("href", "/browse");
      await expectFavouritesCount(page, 0);
    });

    await test.step("signed in, a heart saves straight to the account", async () => {
      await page.goto(second.path);
      await ready(page, javaScriptEnabled);
      await toggleHeart(page, second.title, "on");
      await expectFavouritesCount(page, 1);
      const count = () =>
        withDb(
          (db) =>
            (
              db
                .prepare(
                  "select count(*) as n from favourites f join users u on u.id = f.user_id where u.username = ? and f.record_id = ?",
                )
                .get(account.username, second.id) as { n: number }
            ).n,
        );
      expect(count()).toBe(1);
      expect((await page.context().cookies()).find((c) => c.name === "needledrop-favourites")).toBeUndefined();
    });
  });

  test("a visitor sent to /favorites goes to log in first @no-js", async ({ page }) => {
    await page.goto("/favorites");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ffavorites$/);
  });

  test("playing a preview is remembered, and the history can be cleared on the recommendations page", async ({
    page,
    request,
    baseURL,
  }) => {
    const account = newAccount("hist");
    await apiRegister(request, baseURL!, account);
    const record = createRecord();
    await page.goto(record.path);
    await ready(page, true);
    // The play event is what a press on the player's button fires; no sound is needed to test it.
    await page.locator("audio").dispatchEvent("play");
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem("needledrop-listening-history")))
      .toContain(String(record.id));

    await logIn(page, true, account, "/recommendations");
    await expect(page).toHaveURL(/\/recommendations$/);
    const clear = page.getByRole("button", { name: "Clear listening history" });
    await clear.click();
    await expectToast(page, true, "Listening history cleared");
    expect(await page.evaluate(() => window.localStorage.getItem("needledrop-listening-history"))).toBeNull();
    await expect(clear).toHaveCount(0);
    await expect(page.getByText("You haven't played anything in this browser yet.")).toBeVisible();
  });
});
