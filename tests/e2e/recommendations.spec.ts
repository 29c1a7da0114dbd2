import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { ready } from "./support/shop";

// Recommendations (spec §2 protected /recommendations, §3/§4 listening history, §7 GET /api/recommendations,
// §8 "Recommendation failure: logged, empty list"). Tests tagged @no-js run in both projects.

const HISTORY_KEY = "needledrop-listening-history";

/** Tests run in parallel on one database, so every test makes its own account. */
function uniqueName(): string {
  return `r${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
}

/** The run's SQLite file (shared with the server; see playwright.config.ts). */
function recordId(title: string): number {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "e2e.db"), { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return (db.prepare("select id from records where title = ? order by id limit 1").get(title) as { id: number }).id;
  } finally {
    db.close();
  }
}

/** Registers through the JSON API on the page's own context, so the page is signed in. */
async function signIn(page: Page, baseURL: string) {
  const username = uniqueName();
  const res = await page.context().request.post("/api/register", {
    headers: { origin: baseURL },
    data: { username, email: `${username}@example.com`, password: "groove-secret-1" },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Puts a raw value in the listening history before any page script runs. */
async function storeHistory(page: Page, raw: string) {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem("history-set")) {
        localStorage.setItem(key!, value!);
        sessionStorage.setItem("history-set", "1");
      }
    },
    [HISTORY_KEY, raw],
  );
}

const hydrated = (page: Page) => ready(page, true);

const forYou = (page: Page) => page.getByRole("region", { name: "Picked for you" });
const popular = (page: Page) => page.getByRole("region", { name: "Popular picks" });

test.describe("/recommendations", () => {
  test("signed out: redirects to /auth @no-js", async ({ page }) => {
    await page.goto("/recommendations");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Frecommendations$/);
  });

  test("a listening history gives recommendations, each with its reason", async ({ page, baseURL }) => {
    const blueTrain = recordId("Blue Train");
    const kindOfBlue = recordId("Kind of Blue");
    await signIn(page, baseURL!);
    await storeHistory(page, JSON.stringify([blueTrain, kindOfBlue]));
    const asked = page.waitForRequest((r) => r.url().includes("/api/recommendations"));

    await page.goto("/recommendations");
    await expect(page.getByRole("heading", { level: 1, name: "Recommended for you" })).toBeVisible();
    const request = await asked;
    expect(new URL(request.url()).searchParams.get("history")).toBe(`${blueTrain},${kindOfBlue}`);

    const list = forYou(page).getByRole("list", { name: "Recommended records" });
    const items = list.getByRole("listitem");
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    for (const item of await items.all()) {
      await expect(item.getByRole("article")).toBeVisible();
      await expect(item).toContainText(/(Because you played|Also bought with) (Blue Train|Kind of Blue)/);
      // Never a record of the history itself.
      await expect(item.getByRole("heading", { level: 3 })).not.toHaveText(/^(Blue Train|Kind of Blue)$/);
    }
    await expect(forYou(page)).toContainText("Because you played Blue Train");
    // The popular picks stay below; the JavaScript-off explanation does not show.
    await expect(popular(page).getByRole("article").first()).toBeVisible();
    await expect(page.getByText("which only your browser knows")).toBeHidden();
  });

  test("axe finds no serious or critical problem, recommendations shown", async ({ page, baseURL }) => {
    test.slow(); // a sign-in (a password hash on purpose) and a whole-page axe run
    await signIn(page, baseURL!);
    await storeHistory(page, JSON.stringify([recordId("Blue Train")]));
    await page.goto("/recommendations");
    await expect(forYou(page).getByRole("listitem").first()).toBeVisible();
    await expect(popular(page).getByRole("article").first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")})`,
      );
    expect(serious).toEqual([]);
  });

  test("without JavaScript: explains where recommendations come from and shows popular picks @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "the JavaScript-off fallback");
    await signIn(page, baseURL!);
    await page.goto("/recommendations");
    await expect(page.getByRole("heading", { level: 1, name: "Recommended for you" })).toBeVisible();
    await expect(page.getByRole("note")).toContainText(
      "Your recommendations come from the records you have played in this browser",
    );
    await expect(page.getByRole("note")).toContainText("Here are our popular picks instead.");
    await expect(popular(page).getByRole("article")).toHaveCount(8);
    await expect(forYou(page)).toHaveCount(0);
  });

  test("an empty history asks for nothing and points to the popular picks", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    let asked = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/recommendations")) asked = true;
    });
    await page.goto("/recommendations");
    await hydrated(page);
    await expect(forYou(page)).toContainText("You haven't played anything in this browser yet");
    await expect(forYou(page).getByRole("link", { name: "Virtual Crate Dig" })).toHaveAttribute("href", "/virtual-crate-dig");
    await expect(popular(page).getByRole("article").first()).toBeVisible();
    expect(asked).toBe(false);
  });

  test("an unreadable stored history is logged with a warning and discarded", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await storeHistory(page, "{not json");
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await page.goto("/recommendations");
    await hydrated(page);
    await expect(forYou(page)).toContainText("You haven't played anything in this browser yet");
    expect(warnings.some((w) => w.includes(HISTORY_KEY))).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), HISTORY_KEY)).toBeNull();
  });

  test("a failed call is logged with the spec §8 text and shows an empty list", async ({ page, baseURL }) => {
    await signIn(page, baseURL!);
    await storeHistory(page, JSON.stringify([recordId("Blue Train")]));
    let calls = 0;
    await page.route("**/api/recommendations?**", (route) => {
      calls++;
      return route.fulfill({ status: 503, body: "" });
    });
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto("/recommendations");
    await expect(forYou(page)).toContainText("No recommendations right now", { timeout: 10_000 });
    await expect(forYou(page).getByRole("listitem")).toHaveCount(0);
    // Spec §7: one retry after a second, then the error is logged.
    expect(calls).toBe(2);
    expect(errors.some((e) => e.includes("503: Service Unavailable"))).toBe(true);
  });
});

test.describe("GET /api/recommendations", () => {
  test("answers [] to an empty, missing or meaningless history, never an error @no-js", async ({ request }) => {
    for (const query of [
      "",
      "?history=",
      "?history=,,",
      "?history=abc,-1,0,2.5",
      "?history=987654321",
      `?history=${"9".repeat(5000)}`,
    ]) {
      const res = await request.get(`/api/recommendations${query}`);
      expect(res.status(), query).toBe(200);
      expect(res.headers()["cache-control"], query).toBe("no-cache");
      expect(await res.json(), query).toEqual([]);
    }
  });

  test("answers tracks with reasons for a real history, ignoring junk around it @no-js", async ({ request }) => {
    const blueTrain = recordId("Blue Train");
    const res = await request.get(`/api/recommendations?history=junk,${blueTrain},,-3`);
    expect(res.status()).toBe(200);
    const list = (await res.json()) as { id: number; title: string; price: string; reason: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    for (const r of list) {
      expect(r.id).not.toBe(blueTrain);
      expect(r.reason).toMatch(/^(Because you played|Also bought with) Blue Train$/);
      expect(r.price).toMatch(/^£\d+\.\d{2}$/);
    }
  });
});
