/**
 * The packing bench: an admin packs several orders at once, prints their slips and labels (checked as PDFs
 * printed by Chromium), and dispatches them with tracking numbers; a bad number holds back only its own order,
 * and each customer is mailed once. A used copy's line names the copy and its grades on the queue, the slip (also as
 * printed) and the order page, so it is not packed as the new pressing. With JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import {
  apiPaidOrder,
  createRecord,
  createUsedCopy,
  expectToast,
  lastMailText,
  logInAsAdmin,
  newAccount,
  ready,
  withDb,
} from "./support/shop";

const GOOD = ["RR473124829GB", "AB123456785GB"];

const mailsTo = (email: string) =>
  withDb(
    (db) =>
      (
        db.prepare("select count(*) as n from email_outbox where to_address = ? and kind = 'order-dispatch'").get(email) as {
          n: number;
        }
      ).n,
  );

test.describe("shipping", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin packs two orders at once, prints their slips and labels, and dispatches them; one mail each @no-js", async ({
    page,
    javaScriptEnabled,
    request,
    baseURL,
  }) => {
    const record = createRecord({ stock: 5 });
    const copyId = createUsedCopy(record, { media: "VG+", sleeve: "VG" });
    const usedCopy = new RegExp(`Used copy #${copyId} · .+-used-\\d+\\s*Media: VG\\+ · Sleeve: VG`);
    const emails = [newAccount("parcel").email, newAccount("parcel").email];
    const orders = [
      await apiPaidOrder(request, baseURL!, emails[0]!, [record.id, copyId]),
      await apiPaidOrder(request, baseURL!, emails[1]!, [record.id]),
    ];
    await logInAsAdmin(page, javaScriptEnabled, baseURL!);

    await test.step("pack both, the second by Tracked 24", async () => {
      await page.goto("/admin/shipping-management");
      await ready(page, javaScriptEnabled);
      const toPack = page.getByRole("region", { name: /^To pack/ });
      await expect(toPack.getByText(usedCopy)).toHaveCount(1);
      for (const n of orders) await toPack.getByLabel(`Select ${n}`).check();
      await toPack.getByLabel(`Royal Mail service for ${orders[1]}`).selectOption("tracked_24");
      await toPack.getByRole("button", { name: "Mark packed" }).click();
      await expectToast(page, javaScriptEnabled, "2 orders packed");
      const packed = page.getByRole("region", { name: /^Packed/ });
      for (const n of orders) await expect(packed.getByRole("link", { name: n })).toBeVisible();
      await expect(packed.getByLabel(`Royal Mail service for ${orders[1]}`)).toHaveValue("tracked_24");
    });

    await test.step("print slips and labels for the ticked orders, on A4 and on 6 × 4 inch labels", async () => {
      const packed = page.getByRole("region", { name: /^Packed/ });
      for (const n of orders) await packed.getByLabel(`Select ${n}`).check();
      await packed.getByRole("button", { name: "Print labels" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Address labels" })).toBeVisible();
      for (const n of orders) await expect(page.getByText(n)).toBeVisible();
      await expect(page.getByText("Tracked 24")).toBeVisible();
      await test.step("the slip names the used copy and its grades, on screen and as printed", async () => {
        const slips = new URL("/admin/shipping-management/print", baseURL);
        slips.searchParams.set("kind", "slips");
        slips.searchParams.append("selected", orders[0]!);
        await page.goto(slips.toString());
        const line = page.getByRole("row").filter({ hasText: usedCopy });
        await expect(line).toHaveCount(1);
        await expect(line.getByText(usedCopy)).toBeVisible();
        await page.emulateMedia({ media: "print" });
        await expect(line.getByText(usedCopy)).toBeVisible();
        await page.emulateMedia({ media: "screen" });
        // The new pressing's line (same title) says nothing of a copy.
        await expect(page.getByRole("row").filter({ hasText: record.title })).toHaveCount(2);
        await expect(page.getByRole("row").filter({ hasText: "Used copy" })).toHaveCount(1);
        await page.goBack();
      });
      if (javaScriptEnabled) {
        // Printed by Chromium as the packer's browser would: one label per page, each 6 × 4 inches (432 × 288 pt).
        await page.emulateMedia({ media: "print" });
        const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
        await page.emulateMedia({ media: "screen" });
        const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
          Math.round(+m[1]!),
          Math.round(+m[2]!),
        ]);
        expect(boxes).toEqual([
          [432, 288],
          [432, 288],
        ]);
        const slips = new URL("/admin/shipping-management/print", baseURL);
        slips.searchParams.set("kind", "slips");
        for (const n of orders) slips.searchParams.append("selected", n);
        await page.goto(slips.toString());
        await expect(page.getByRole("heading", { level: 1, name: "Packing slips" })).toBeVisible();
        await page.emulateMedia({ media: "print" });
        const a4 = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
        await page.emulateMedia({ media: "screen" });
        const a4Boxes = [...a4.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
          Math.round(+m[1]!),
          Math.round(+m[2]!),
        ]);
        expect(a4Boxes).toEqual([
          [595, 842],
          [595, 842],
        ]);
      }
    });

    await test.step("the order page names the used copy and its grades", async () => {
      await page.goto(`/admin/order-management/${orders[0]}`);
      const records = page.getByRole("region", { name: "Records" });
      await expect(records.getByRole("row").filter({ hasText: usedCopy })).toHaveCount(1);
    });

    await test.step("a mistyped tracking number holds back only its order", async () => {
      await page.goto("/admin/shipping-management");
      await ready(page, javaScriptEnabled);
      const packed = page.getByRole("region", { name: /^Packed/ });
      for (const n of orders) await packed.getByLabel(`Select ${n}`).check();
      await packed.getByLabel(`Tracking number for ${orders[0]}`).fill(GOOD[0]!);
      await packed.getByLabel(`Tracking number for ${orders[1]}`).fill("AB123456789GB"); // wrong check digit
      await packed.getByRole("button", { name: "Mark shipped" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Not a Royal Mail tracking number" })).toBeVisible();
      // The schema refuses the batch before anything moves: both still wait, nobody was mailed.
      expect(mailsTo(emails[0]!)).toBe(0);
    });

    await test.step("dispatch both; each customer gets one mail with the tracking link, also when sent again", async () => {
      await page.goto("/admin/shipping-management");
      await ready(page, javaScriptEnabled);
      const packed = page.getByRole("region", { name: /^Packed/ });
      for (const [i, n] of orders.entries()) {
        await packed.getByLabel(`Select ${n}`).check();
        await packed.getByLabel(`Tracking number for ${n}`).fill(GOOD[i]!.toLowerCase());
      }
      await packed.getByRole("button", { name: "Mark shipped" }).click();
      await expectToast(page, javaScriptEnabled, "2 orders dispatched");
      for (const n of orders) await expect(page.getByRole("link", { name: n })).toHaveCount(0);
      await expect.poll(() => lastMailText(emails[0]!, /on its way/)).toContain(GOOD[0]);
      await expect.poll(() => lastMailText(emails[1]!, /on its way/)).toContain(GOOD[1]);
      expect(mailsTo(emails[0]!)).toBe(1);
      expect(mailsTo(emails[1]!)).toBe(1);
    });
  });
});
