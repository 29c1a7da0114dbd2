import crypto from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createRecord, logInAsAdmin, ready } from "./support/shop";

// The monthly VAT report: orders placed through the API to Ireland (sold under IOSS: the e2e server has an IOSS
// number) show in the current month's IOSS table, whose CSV downloads; the order detail page words the VAT line.

const PAGE = "/admin/vat-report";

/** An order to Dublin for one record, paid with the test card. */
async function orderToDublin(request: APIRequestContext, baseURL: string, recordId: number): Promise<string> {
  const res = await request.post("/api/orders", {
    headers: { origin: baseURL },
    data: {
      lines: [{ recordId, quantity: 1 }],
      email: `dublin-${crypto.randomUUID().slice(0, 8)}@example.com`,
      name: "Nora Barnacle",
      addressLine1: "7 Eccles Street",
      city: "Dublin",
      postalCode: "D07 F2X4",
      country: "IE",
      deliveryService: "intl_standard",
      idempotencyKey: crypto.randomUUID().replaceAll("-", ""),
      card: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: string }).orderNumber;
}

async function open(page: Page, js: boolean, path = PAGE) {
  await page.goto(path);
  await ready(page, js);
}

/** The month the shop is in, as the report's address writes it. */
const thisMonth = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" }).format(new Date());

test.describe("VAT report", () => {
  test.describe.configure({ timeout: 90_000 });

  test("orders to Ireland show in the month's IOSS VAT, the IOSS CSV downloads, and the order says its VAT @no-js", async ({
    page,
    baseURL,
    javaScriptEnabled,
  }) => {
    const js = javaScriptEnabled ?? true;
    const record = createRecord({ pricePence: 2400, stock: 5 });
    const first = await orderToDublin(page.context().request, baseURL!, record.id);
    await orderToDublin(page.context().request, baseURL!, record.id);

    await logInAsAdmin(page, js, baseURL!);
    await open(page, js);
    await expect(page.getByRole("heading", { level: 1, name: "VAT report" })).toBeVisible();
    await expect(page.getByLabel("Month")).toHaveValue(thisMonth());
    const ioss = page.getByRole("region", { name: "IOSS VAT by member state" });
    await expect(ioss).toContainText("IM3720000001");
    const ireland = ioss.getByRole("row", { name: /Ireland \(IE\)/ });
    await expect(ireland).toContainText("23%");

    const link = ioss.getByRole("link", { name: /Download CSV/ });
    await expect(link).toHaveAttribute("href", `${PAGE}.csv?month=${thisMonth()}&table=ioss`);
    const res = await page.request.get((await link.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toContain(`needledrop-vat-ioss-${thisMonth()}.csv`);
    const csv = await res.text();
    expect(csv).toContain("Member state,Country code,VAT rate %,Orders,Taxable amount £,VAT £");
    const row = csv.split(/\r?\n/).find((line) => line.startsWith("Ireland,IE,23,"));
    expect(row, csv).toBeDefined();
    const [, , , orders, taxable, vat] = row!.split(",");
    expect(Number(orders)).toBeGreaterThanOrEqual(2);
    // 23% of the taxable amount, to within a penny an order.
    expect(Math.abs(Number(vat) * 100 - Math.round(Number(taxable) * 23))).toBeLessThanOrEqual(Number(orders));
    if (js) {
      const download = page.waitForEvent("download");
      await link.click();
      expect((await download).suggestedFilename()).toBe(`needledrop-vat-ioss-${thisMonth()}.csv`);
    }
    expect((await page.request.get(`${PAGE}?month=2026-13`)).status()).toBe(400);
    expect((await page.request.get(`${PAGE}.csv?month=${thisMonth()}&table=moss`)).status()).toBe(400);

    await open(page, js, `/admin/order-management/${first}`);
    await expect(page.getByText("IOSS: Ireland VAT at 23% added")).toBeVisible();
    await expect(page.getByText("Royal Mail International Standard")).toBeVisible();
    await expect(page.getByText(/^Goods €[\d.,]+ at €[\d.]+ to the pound \(rate of /)).toBeVisible();
  });

  for (const width of [1280, 390]) {
    test(`the report fits at ${width} px`, async ({ page, baseURL }, testInfo) => {
      const record = createRecord({ pricePence: 2400, stock: 2 });
      const order = await orderToDublin(page.context().request, baseURL!, record.id);
      await page.setViewportSize({ width, height: 900 });
      await logInAsAdmin(page, true, baseURL!);
      await open(page, true);
      await expect(page.getByRole("region", { name: "IOSS VAT by member state" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`vat-report-${width}.png`), fullPage: true });
      await open(page, true, `/admin/order-management/${order}`);
      await page.screenshot({ path: testInfo.outputPath(`order-detail-${width}.png`), fullPage: true });
      await open(page, true, "/admin/business-analysis#by-country");
      await page.locator("#by-country").screenshot({ path: testInfo.outputPath(`sales-by-country-${width}.png`) });
    });
  }
});
