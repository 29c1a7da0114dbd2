import { expect, test } from "@playwright/test";
import { logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// The newsletter's subscribers in the back office: search, who unsubscribed and when, and the CSV export with the
// same filters. Subscribers are made through the shop's own sign-up.

test("an admin finds subscribers, sees who unsubscribed and exports the list @no-js", async ({
  page,
  javaScriptEnabled: js,
  baseURL,
}) => {
  const tag = uniqueName("list").toLowerCase();
  const staying = `${tag}-stays@example.com`;
  const leaving = `${tag}-leaves@example.com`;
  for (const email of [staying, leaving]) {
    const res = await page.request.post("/api/subscribe", {
      headers: { origin: baseURL! },
      data: { email, favoriteGenre: "Jazz" },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  withDb((db) => db.prepare("update subscribers set unsubscribed_at = '2026-11-20T15:30:00.000Z' where email = ?").run(leaving));

  await logInAsAdmin(page, js, baseURL!);
  await page.goto("/admin/email-marketing");
  await ready(page, js);
  await page.getByLabel("Search email or genre").fill(tag);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  // The subscribers' rows: the heading row has column headings, not cells.
  const rows = page
    .getByRole("table", { name: "Subscribers" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(2);

  await page.getByLabel("Status").selectOption("unsubscribed");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/status=unsubscribed/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(leaving);
  await expect(rows.first()).toContainText("20 Nov 2026");

  const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(href).toBe(`/admin/email-marketing/subscribers.csv?q=${tag}&status=unsubscribed`);
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(`${leaving},Jazz,`);
  expect(text).toContain("20/11/2026 15:30");
  expect(text).not.toContain(staying);
});
