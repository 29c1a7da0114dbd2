import { expect, test } from "@playwright/test";
import { coveredBy } from "./support/covered-by";
import { createRecord, ready, TOAST } from "./support/shop";

// The shop's floating toast ("Added to cart") lies over neither the page's title, nor the header's buttons, nor the
// button just pressed: below the sticky header on phones (where the search has a line of its own), in the bottom
// right corner on a wide screen.

for (const width of [390, 1280]) {
  test(`at ${width} px the Added to cart toast covers neither the record's title, the header nor the button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
    const record = createRecord({ stock: 5 });
    await page.goto(record.path);
    await ready(page, true);
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    const toast = page.locator(TOAST).filter({ hasText: "Added to cart" });
    await expect(toast).toBeVisible();
    // Wait for sonner's slide-in to end (two measures alike), so the box measured is where the toast stays.
    let last = "";
    await expect
      .poll(async () => {
        const now = JSON.stringify(await toast.boundingBox());
        const same = now === last;
        last = now;
        return same;
      })
      .toBe(true);
    const box = (await toast.boundingBox())!;
    const header = (await page.getByRole("banner").boundingBox())!;
    expect(box.y, "below the header").toBeGreaterThanOrEqual(header.y + header.height);
    // Page content further down may lie under it for its few seconds; the title, the header and the button just
    // pressed may not.
    const covered = await coveredBy(page, box);
    expect(covered.filter((what) => what.startsWith("h1 ") || what.includes("Add to cart"))).toEqual([]);
  });
}
