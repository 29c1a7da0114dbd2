/**
 * Parcels abroad at the packing bench: a Jersey and a Dublin order are packed by the service their shoppers chose,
 * their packing slips and labels carry a CN22 (checked as printed by Chromium, A4 and 6 × 4 inch), the ticked orders
 * export as Click & Drop's order import file, and Click & Drop's tracking numbers pasted back dispatch the matched
 * orders, naming the rows that matched nothing. With JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { apiPaidOrder, createRecord, logInAsAdmin, newAccount, ready, withDb } from "./support/shop";

const QUEUE = "/admin/shipping-management";

/** Sends an order placed for a UK address abroad, as checkout records a shopper's choice of country and service. */
function sendAbroad(orderNumber: string, to: { country: string; code: string; city: string; postcode: string; ioss?: string }) {
  withDb((db) =>
    db
      .prepare(
        `update orders set country = ?, country_code = ?, city = ?, postal_code = ?, delivery_service = 'intl_standard',
         ioss_number = ? where order_number = ?`,
      )
      .run(to.country, to.code, to.city, to.postcode, to.ioss ?? null, orderNumber),
  );
}

const statusOf = (orderNumber: string) =>
  withDb(
    (db) =>
      db.prepare("select status, tracking_number from orders where order_number = ?").get(orderNumber) as {
        status: string;
        tracking_number: string | null;
      },
  );

const mediaBoxes = (pdf: string) =>
  [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(+m[1]!), Math.round(+m[2]!)]);

test.describe("customs paperwork and Click & Drop", () => {
  test.describe.configure({ timeout: 120_000 });

  test("parcels abroad print a CN22, export to Click & Drop, and dispatch from its tracking numbers @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5 });
    const [jersey, dublin] = [
      await apiPaidOrder(request, baseURL!, newAccount("jersey").email, [record.id]),
      await apiPaidOrder(request, baseURL!, newAccount("dublin").email, [record.id]),
    ];
    sendAbroad(jersey, { country: "Jersey", code: "JE", city: "St Helier", postcode: "JE2 4WF" });
    sendAbroad(dublin, { country: "Ireland", code: "IE", city: "Dublin", postcode: "D02 XY45", ioss: "IM3720000123" });
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);

    await test.step("the queue offers the order's own international service", async () => {
      await page.goto(QUEUE);
      await ready(page, javaScriptEnabled);
      const toPack = page.getByRole("region", { name: /^To pack/ });
      await expect(toPack.getByLabel(`Royal Mail service for ${jersey}`)).toHaveValue("intl_standard");
      await expect(toPack.getByLabel(`Royal Mail service for ${dublin}`).getByRole("option")).toContainText([
        "International Standard",
        "International Tracked & Signed",
      ]);
    });

    await test.step("the slip and the label carry a CN22 with the tariff code, and the IOSS number only for Dublin", async () => {
      const slips = new URL("/admin/shipping-management/print", baseURL);
      slips.searchParams.set("kind", "slips");
      slips.searchParams.append("selected", jersey);
      slips.searchParams.append("selected", dublin);
      await page.goto(slips.toString());
      const declarations = page.getByRole("region", { name: "Customs declaration CN22" });
      await expect(declarations).toHaveCount(2);
      await expect(declarations.first()).toContainText("Sale of goods");
      await expect(declarations.first()).toContainText("852380");
      await expect(declarations.first()).not.toContainText("IOSS");
      await expect(declarations.nth(1)).toContainText("IOSS: IM3720000123");
      if (javaScriptEnabled) {
        await page.emulateMedia({ media: "print" });
        expect(mediaBoxes((await page.pdf({ preferCSSPageSize: true })).toString("latin1"))).toEqual([
          [595, 842],
          [595, 842],
        ]);
        await page.emulateMedia({ media: "screen" });
      }
      slips.searchParams.set("kind", "labels");
      await page.goto(slips.toString());
      await expect(page.getByRole("region", { name: "Customs declaration CN22" })).toHaveCount(2);
      if (javaScriptEnabled) {
        await page.emulateMedia({ media: "print" });
        expect(mediaBoxes((await page.pdf({ preferCSSPageSize: true })).toString("latin1"))).toEqual([
          [432, 288],
          [432, 288],
        ]);
        await page.emulateMedia({ media: "screen" });
      }
    });

    await test.step("the ticked orders export as Click & Drop's import file", async () => {
      await page.goto(QUEUE);
      await ready(page, javaScriptEnabled);
      const toPack = page.getByRole("region", { name: /^To pack/ });
      for (const n of [jersey, dublin]) await toPack.getByLabel(`Select ${n}`).check();
      const download = page.waitForEvent("download");
      await toPack.getByRole("button", { name: "Export for Click & Drop" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^needledrop-click-and-drop-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parse(readFileSync((await file.path())!), { bom: true, columns: true }) as Record<string, string>[];
      expect(rows.map((r) => [r["Order reference"], r.Country, r["Service code"], r["IOSS number"]])).toEqual([
        [jersey, "JEY", "INTL_STANDARD", ""],
        [dublin, "IRL", "INTL_STANDARD", "IM3720000123"],
      ]);
      expect(rows[0]).toMatchObject({ "Product customs code": "852380", "Currency Code": "GBP", Postcode: "JE2 4WF" });
    });

    await test.step("Click & Drop's tracking numbers pasted back dispatch the matched orders and name the rest", async () => {
      await page.goto(QUEUE);
      await page.getByRole("link", { name: "paste its tracking numbers back" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Tracking numbers from Click & Drop" })).toBeVisible();
      await ready(page, javaScriptEnabled);
      await page
        .getByLabel("Click & Drop export (CSV)")
        .fill(`Order reference,Tracking number\n${jersey},AB123456785GB\nND-ZZZZZZZZ,RR473124829GB\n${dublin},AB12\n`);
      await page.getByRole("button", { name: "Dispatch the matched orders" }).click();
      await expect(page.getByRole("status")).toContainText(`Dispatched: ${jersey}.`);
      const problems = page.getByTestId("tracking-problems");
      await expect(problems).toContainText("Row 3 (ND-ZZZZZZZZ): No order ND-ZZZZZZZZ in the shop");
      await expect(problems).toContainText(`Row 4 (${dublin}): AB12 is not a Royal Mail tracking number`);
      expect(statusOf(jersey)).toEqual({ status: "shipped", tracking_number: "AB123456785GB" });
      expect(statusOf(dublin).status).toBe("paid");
    });
  });
});
