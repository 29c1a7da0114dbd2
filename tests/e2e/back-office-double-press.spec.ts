import { expect, test } from "@playwright/test";
import { createRecord, expectToast, logInAsAdmin, ready, stockOf, withDb } from "./support/shop";

// A back-office form that moves stock is done once per form render: after "Delivery received" the goods-in form is
// empty, and sending the same form again (the same submission key) adds nothing. Runs with JavaScript off too.

const GOODS_IN = "/admin/stock-management/goods-in";

const movementsOf = (recordId: number) =>
  withDb((db) => db.prepare("select change from stock_movements where record_id = ? order by id").all(recordId)) as {
    change: number;
  }[];

test("goods in clears after a delivery, and the same form sent again adds nothing @no-js", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page, javaScriptEnabled, baseURL!);
  const record = createRecord({ stock: 1 });

  await page.goto(GOODS_IN);
  await ready(page, javaScriptEnabled);
  const key = page.locator('input[name="submissionKey"]');
  const sentKey = await key.inputValue();
  const lines = page.getByLabel("Delivery lines");
  const note = page.getByLabel("Note (optional)");
  if (javaScriptEnabled) {
    // With JavaScript the rows editor writes the lines.
    await page.getByLabel("Line 1 catalogue number").fill(`#${record.id}`);
    await page.getByLabel("Line 1 quantity").fill("4");
    await expect(lines).toHaveValue(`#${record.id}, 4`);
  } else {
    await lines.fill(`#${record.id}, 4`);
  }
  await note.fill("DN 77");
  await page.getByRole("button", { name: "Receive delivery" }).click();

  await expectToast(page, javaScriptEnabled, "Delivery received");
  // The form starts afresh: no lines, no note, and a new key for the next delivery.
  await expect(key).not.toHaveValue(sentKey);
  await expect(lines).toHaveValue("");
  await expect(note).toHaveValue("");
  if (javaScriptEnabled) {
    await expect(page.getByLabel("Line 1 catalogue number")).toHaveValue("");
    await expect(page.getByLabel("Line 1 quantity")).toHaveValue("");
  }
  expect(stockOf(record.id)).toBe(5);

  // The same form sent again, as a second press or a resent request does: answered, and nothing added.
  const replay = await page.request.post(GOODS_IN, {
    headers: { origin: baseURL! },
    form: { intent: "goods-in", lines: `#${record.id}, 4`, note: "DN 77", submissionKey: sentKey },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(303);
  expect(replay.headers()["location"]).toBe(GOODS_IN);
  expect(stockOf(record.id)).toBe(5);
  expect(movementsOf(record.id)).toEqual([{ change: 4 }]);
  await page.goto(GOODS_IN);
  await expectToast(page, javaScriptEnabled, "Already done");

  // The fresh form does receive the next delivery.
  await page.goto(GOODS_IN);
  await ready(page, javaScriptEnabled);
  await lines.fill(`#${record.id}, 2`);
  await page.getByRole("button", { name: "Receive delivery" }).click();
  await expectToast(page, javaScriptEnabled, "Delivery received");
  expect(stockOf(record.id)).toBe(7);
});
