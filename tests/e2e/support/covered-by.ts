import type { Page } from "@playwright/test";
import { TOAST } from "./shop";

/** The headings and controls a box (a toast's) lies over, each as "tag text", skipping the toast itself. */
export async function coveredBy(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(
    (t) => {
      const hit: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>("h1, h2, h3, button, a[href], input, select, summary")) {
        if (el.closest(`[data-sonner-toaster], ${t.selector}`)) continue;
        // A heading is a block as wide as its column: measure its words, not the empty rest of its line.
        let r = el.getBoundingClientRect();
        if (/^H[1-6]$/.test(el.tagName)) {
          const words = document.createRange();
          words.selectNodeContents(el);
          r = words.getBoundingClientRect();
        }
        if (r.width === 0 || r.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
        const overlaps = r.left < t.x + t.width && t.x < r.right && r.top < t.y + t.height && t.y < r.bottom;
        if (overlaps)
          hit.push(`${el.tagName.toLowerCase()} ${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 40)}`);
      }
      return hit;
    },
    { ...box, selector: TOAST },
  );
}
