import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { KeptHtml, KeptWrapper } from "~/components/kept-html";

// Parts waiting to be rendered on their own: a few pages' worth, whatever arrives at once.
const MAX_WAITING = 200;

/**
 * Parts' HTML kept between page renders (docs/decisions/0046-card-html-kept.md). A record card's markup depends only
 * on its data and whether its heart is filled, a facet group's only on its values and counts, and a grid page
 * renders two dozen cards: keyed by exactly that, a part rendered once is written as its finished HTML afterwards.
 * A part not yet kept is rendered in the page as usual and rendered once more on its own after the page is done,
 * outside any render, so no render runs inside another. At most `max` parts are kept, the least recently used
 * going first.
 */
export function createKeptHtml({ max = 2_000 }: { max?: number } = {}): KeptHtml & { readonly size: number } {
  const kept = new Map<string, string>();
  const waiting = new Map<string, { part: ReactElement; wrapper: KeptWrapper }>();
  let scheduled = false;

  function fill() {
    scheduled = false;
    for (const [key, { part, wrapper }] of waiting) {
      waiting.delete(key);
      const html = renderToString(part);
      const open = `<${wrapper.tag} class="${wrapper.className}">`;
      const close = `</${wrapper.tag}>`;
      // Anything other than the one wrapper element (a hoisted tag, another element) is not kept: the part renders
      // as usual.
      if (!html.startsWith(open) || !html.endsWith(close)) continue;
      kept.set(key, html.slice(open.length, -close.length));
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    }
  }

  return {
    get(key) {
      const html = kept.get(key);
      if (html !== undefined) {
        kept.delete(key); // most recently used goes last
        kept.set(key, html);
      }
      return html;
    },
    fillLater(key, part, wrapper) {
      if (kept.has(key) || waiting.has(key) || waiting.size >= MAX_WAITING) return;
      waiting.set(key, { part, wrapper });
      if (!scheduled) {
        scheduled = true;
        setImmediate(fill);
      }
    },
    get size() {
      return kept.size;
    },
  };
}
