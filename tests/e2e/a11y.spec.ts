import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const pages = [
  "/",
  "/browse",
  "/browse?q=blue&genre=Jazz",
  "/new-releases",
  "/allvinyl",
  "/pre-orders",
  "/genres",
  "/image-performance-test",
  "/no-such-page",
];

for (const width of [390, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of [...pages, "record"]) {
      test(`axe finds no serious or critical problem on ${path}`, async ({ page, request }) => {
        let target = path;
        if (path === "record") {
          const [track] = (await (await request.get("/api/tracks?limit=1")).json()) as { id: number }[];
          target = `/track/${track!.id}`;
        }
        await page.goto(target);
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
    }
  });
}

// WCAG 2.2's target size (2.5.8, AA): axe checks it only when asked. The filters of /browse are the page's smallest
// controls, a hundred and more of them.
for (const width of [390, 1280]) {
  test(`every control on /browse is at least 24 × 24 px or spaced as if it were, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/browse");
    const results = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" "))).slice(0, 5)).toEqual([]);
  });
}
