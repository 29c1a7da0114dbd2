import { expect, test } from "@playwright/test";
import { createRecord, logInAsAdmin, ready, uniqueName, withDb } from "./support/shop";

// Discogs release ids in the back office, and Discogs's inventory CSV both ways (/admin/catalog-update).

const UPLOAD_HEADER =
  "release_id,price,media_condition,sleeve_condition,comments,accept_offer,location,external_id,weight,format_quantity";
const EXPORT_HEADER =
  "listing_id,artist,title,label,catno,format,release_id,status,price,listed,comments,media_condition,sleeve_condition,accept_offer,external_id,weight,format_quantity,flat_shipping,location";

test("a pressing's release id, its copies in the Discogs upload file, and a Discogs export imported as copies", async ({
  page,
  baseURL,
}) => {
  test.slow(); // four pages and two files
  await logInAsAdmin(page, true, baseURL!);
  const pressing = createRecord({ title: `Tidewater ${uniqueName("")}` });
  const catno = `TW-${uniqueName("").slice(-8)}`.toUpperCase();
  withDb((db) => db.prepare("update records set catalog_number = ? where id = ?").run(catno, pressing.id));
  const releaseId = String(100_000_000 + Math.floor(Math.random() * 900_000_000));

  // The pressing's release id, set on its page, links to Discogs in a new tab.
  await page.goto(`/admin/catalog-update/${pressing.id}`);
  await ready(page, true);
  await page.getByLabel("Discogs release id", { exact: true }).fill(releaseId);
  await page.getByRole("button", { name: "Save changes" }).click();
  const onDiscogs = page.getByRole("link", { name: /On Discogs/ });
  await expect(onDiscogs).toHaveAttribute("href", `https://www.discogs.com/release/${releaseId}`);
  await expect(onDiscogs).toHaveAttribute("target", "_blank");
  await expect(onDiscogs).toHaveAttribute("rel", "noopener noreferrer");

  // A copy added by hand takes the pressing's release id.
  await page.getByLabel("Price (£)").fill("12.50");
  await page.getByLabel("Record grade").selectOption("VG+");
  await page.getByLabel("Sleeve grade").selectOption("VG");
  await page.getByLabel(/Condition note/).fill("Light marks, plays fine");
  await page.getByRole("button", { name: "Add used copy" }).click();
  const copiesTable = page.getByRole("table", { name: "Used copies" });
  await expect(copiesTable.getByRole("link", { name: new RegExp(`Discogs release ${releaseId}`) })).toHaveCount(1);
  const copy = withDb(
    (db) =>
      db.prepare("select id, catalogue_id as catalogueId from records where used_of_record_id = ?").get(pressing.id) as {
        id: number;
        catalogueId: string;
      },
  );

  // The upload file, from the catalogue page: Discogs's header, and the copy in Discogs's words.
  await page.goto("/admin/catalog-update");
  const link = page.getByRole("link", { name: "Used copies for Discogs (CSV)" });
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/^needledrop-discogs-inventory-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await (await page.request.get((await link.getAttribute("href"))!)).text();
  const lines = file.trim().split("\n");
  expect(lines[0]).toBe(UPLOAD_HEADER);
  expect(lines).toContain(
    `${releaseId},12.50,Very Good Plus (VG+),Very Good (VG),"Light marks, plays fine",N,,${copy.catalogueId},230,1`,
  );

  // Discogs's own export of two listings: one good, one with a condition Discogs does not have.
  const listing = String(Date.now()).slice(-9);
  const exported = [
    EXPORT_HEADER,
    `${listing},The Test Pressings,${pressing.title},Label,${catno.toLowerCase()},"LP, Album",${releaseId},For Sale,£18.00,2026-01-02,Sleeve split,Near Mint (NM or M-),Generic,N,,230,1,,Crate 7`,
    `${Number(listing) + 1},The Test Pressings,${pressing.title},Label,${catno},LP,${releaseId},For Sale,9.00,2026-01-02,,Shiny,Good (G),N,,230,1,,`,
  ].join("\n");
  await page.goto("/admin/catalog-update/import");
  await ready(page, true);
  await page.getByLabel("CSV file").setInputFiles({ name: "discogs.csv", mimeType: "text/csv", buffer: Buffer.from(exported) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: /Discogs inventory: used copies/ })).toBeVisible();
  const errors = page.getByTestId("import-error");
  await expect(errors).toHaveCount(1);
  await expect(errors.first()).toContainText("3");
  await expect(errors.first()).toContainText("Media condition “Shiny” is not one of Discogs's");
  await expect(page.getByTestId("import-copy")).toContainText(
    `${pressing.title} by The Test Pressings: NM/generic sleeve, £18.00`,
  );
  await page.getByLabel(/Import only the 1 valid rows/).check();
  await page.getByRole("button", { name: "Add 1 used copy" }).click();
  await expect(page.getByRole("region", { name: "Import finished" })).toContainText("1 used copy added, 1 row skipped.");

  // The copy is on the record's page in the shop, and in the back office beside the one added by hand.
  await page.goto(pressing.path);
  const shopCopies = page.getByTestId("used-copy");
  await expect(shopCopies).toHaveCount(2);
  await expect(shopCopies.filter({ hasText: "Sleeve split" })).toHaveCount(1);
  expect(
    withDb((db) =>
      db
        .prepare(
          `select r.price_pence as price, r.shelf_location as shelf, l.state from records r
           join discogs_listings l on l.record_id = r.id where l.listing_id = ?`,
        )
        .get(Number(listing)),
    ),
  ).toEqual({ price: 1800, shelf: "Crate 7", state: "listed" });
});
