import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { CARD_CLASS, type CardHtml } from "~/components/card-html";

const OPEN = `<article class="${CARD_CLASS}">`;
const CLOSE = "</article>";
// Cards waiting to be rendered on their own: a few pages' worth, whatever arrives at once.
const MAX_WAITING = 200;

/**
 * Record cards' HTML kept between page renders (docs/decisions/0046-card-html-kept.md). A card's markup depends only
 * on its data and whether its heart is filled, and a grid page renders two dozen of them: keyed by exactly that,
 * a card rendered once is written as its finished HTML afterwards. A card not yet kept is rendered in the page as
 * usual and rendered once more on its own after the page is done, outside any render, so no render runs inside
 * another. At most `max` cards are kept, the least recently used going first.
 */
export function createCardHtml({ max = 2_000 }: { max?: number } = {}): CardHtml & { readonly size: number } {
  const kept = new Map<string, string>();
  const waiting = new Map<string, ReactElement>();
  let scheduled = false;

  function fill() {
    scheduled = false;
    for (const [key, card] of waiting) {
      waiting.delete(key);
      const html = renderToString(card);
      // Anything other than the one article (a hoisted tag, another wrapper) is not kept: the card renders as usual.
      if (!html.startsWith(OPEN) || !html.endsWith(CLOSE)) continue;
      kept.set(key, html.slice(OPEN.length, -CLOSE.length));
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
    fillLater(key, card) {
      if (kept.has(key) || waiting.has(key) || waiting.size >= MAX_WAITING) return;
      waiting.set(key, card);
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
