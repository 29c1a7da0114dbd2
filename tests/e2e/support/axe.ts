import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Axe's serious and critical findings on the page as it is now, each "rule: help (up to three targets)". */
export async function seriousProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
}
