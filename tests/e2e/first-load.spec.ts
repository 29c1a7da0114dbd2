import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { ready } from "./support/shop";

// What a page loads before it is interactive (docs/decisions/0027-lean-pages.md, 0055): the modules its HTML names
// (`<link rel="modulepreload">`: React, React Router, the entry and the page's route modules). Parts used only after
// a click or once hydrated (the chat, the cart drawer, the header's suggestions, the newsletter form's validation)
// load on their own, later. The schema library, the toast library and the query library are never in the first load;
// each is recognised by a text only its code carries, so a renamed chunk cannot hide it.
const LOADED_ON_USE = {
  zod: "Invalid input: expected",
  sonner: "data-sonner-toaster",
  "the query library": "No QueryClient set",
};

/** The goal for a first load with React, gzip at level 9 (docs/decisions/0055-back-to-the-frameworks.md). */
const FIRST_LOAD_BUDGET_BYTES = 130 * 1024;

/** The modules a page's HTML names for its first load, with their text and their size gzipped at level 9. */
async function firstLoadScripts(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const urls = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
  const scripts = new Map<string, string>();
  let gzipped = 0;
  for (const url of new Set(urls)) {
    const body = await (await page.request.get(url)).body();
    scripts.set(url, body.toString("utf8"));
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return { scripts, gzipped };
}

for (const path of ["/", "/browse", "/genres", "/new-releases"]) {
  test(`${path}: no schema, toast or query library in the first load, and within the budget`, async ({ page }) => {
    const { scripts, gzipped } = await firstLoadScripts(page, path);
    expect(scripts.size).toBeGreaterThan(5);
    for (const [library, marker] of Object.entries(LOADED_ON_USE)) {
      const carriers = [...scripts].filter(([, text]) => text.includes(marker)).map(([url]) => url);
      expect(carriers, `${library} in the first load of ${path}`).toEqual([]);
    }
    // React and React Router alone are about 105 KB: a much smaller figure means the set was not found.
    expect(gzipped).toBeGreaterThan(100 * 1024);
    expect(gzipped).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
  });
}

test("no page asks Intl for anything while it loads and hydrates", async ({ page }) => {
  // A tab's first Intl call loads locale and time-zone data on the main thread (25–90 ms on a laptop): dates, counts
  // and the genre order are spelt out instead (app/domain/shared/dates.ts, date-formatter.ts, genres.ts).
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
    for (const name of ["DateTimeFormat", "NumberFormat", "Collator", "PluralRules", "RelativeTimeFormat"] as const) {
      const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
      const Counting = function (...args: unknown[]) {
        calls.push(name);
        return new Real(...args);
      };
      Counting.prototype = Real.prototype;
      (Intl as unknown as Record<string, unknown>)[name] = Counting;
    }
    for (const [proto, method] of [
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [String.prototype, "localeCompare"],
    ] as const) {
      const real = proto[method as keyof typeof proto] as (...args: unknown[]) => unknown;
      Object.defineProperty(proto, method, {
        value(this: unknown, ...args: unknown[]) {
          calls.push(method);
          return real.apply(this, args);
        },
      });
    }
  });
  const [track] = (await (await page.request.get("/api/tracks?limit=1")).json()) as { id: number }[];
  for (const path of ["/", "/browse", "/genres", `/track/${track!.id}`]) {
    await page.goto(path);
    await ready(page, true);
    expect(await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls), path).toEqual([]);
  }
});

test("each library still comes when it is used: the newsletter's checks, the search box's suggestions", async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on("response", async (response) => {
    if (response.url().endsWith(".js")) scripts.set(response.url(), await response.text().catch(() => ""));
  });
  await page.goto("/genres");
  await ready(page, true);
  const loaded = (marker: string) => [...scripts.values()].some((text) => text.includes(marker));
  const footer = page.getByRole("form", { name: "Newsletter sign-up" });
  await footer.getByLabel("Email address").fill("not-an-email");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => loaded(LOADED_ON_USE.zod)).toBe(true);

  await page.getByRole("combobox", { name: "Search records" }).fill("blue");
  await expect.poll(() => loaded(LOADED_ON_USE["the query library"])).toBe(true);
  await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeAttached();
});
