import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { KEPT_MARK, type KeptHtml, type KeptWrapper } from "~/components/kept-html";

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
export function createKeptHtml({ max = 2_000 }: { max?: number } = {}): KeptHtml & {
  readonly size: number;
  keepFromPage(key: string): string;
  /** After a page's render: keeps the parts it marked (keepFromPage) and gives back its HTML without the marks. */
  takeFromPage(html: string): string;
} {
  const kept = new Map<string, string>();
  const waiting = new Map<string, { part: ReactElement; wrapper: KeptWrapper }>();
  let scheduled = false;
  // Parts this page marked to keep, by mark; a render is synchronous, so they are the current page's.
  const marked = new Map<string, string>();
  let lastMark = 0;

  function keep(key: string, html: string) {
    kept.set(key, html);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
  }

  function fill() {
    scheduled = false;
    for (const [key, { part, wrapper }] of waiting) {
      waiting.delete(key);
      const html = renderToString(part);
      const open = wrapper.className === undefined ? `<${wrapper.tag}>` : `<${wrapper.tag} class="${wrapper.className}">`;
      const close = `</${wrapper.tag}>`;
      // Anything other than the one wrapper element (a hoisted tag, another element) is not kept: the part renders
      // as usual.
      if (!html.startsWith(open) || !html.endsWith(close)) continue;
      keep(key, html.slice(open.length, -close.length));
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
    keepFromPage(key) {
      const mark = String(++lastMark);
      marked.set(mark, key);
      return mark;
    },
    takeFromPage(html) {
      if (marked.size === 0) return html;
      let page = html;
      for (const [mark, key] of marked) {
        const attribute = ` ${KEPT_MARK}="${mark}"`;
        const at = page.indexOf(attribute);
        if (at === -1) continue;
        const inner = innerHtmlAt(page, at);
        if (inner !== null) keep(key, inner);
        page = page.slice(0, at) + page.slice(at + attribute.length);
      }
      marked.clear();
      return page;
    },
    get size() {
      return kept.size;
    },
  };
}

/**
 * The inner HTML of the element whose start tag holds position `at` (its first attribute), up to its matching end
 * tag; null when the element has no end tag where React would have written it. React escapes `<` in text and
 * attribute values, so a tag's name after `<` or `</` can only be a tag; a part holding raw text (a script, a style)
 * is not kept.
 */
function innerHtmlAt(html: string, at: number): string | null {
  const start = html.lastIndexOf("<", at);
  const tag = html.slice(start + 1, at);
  const openEnd = html.indexOf(">", at);
  if (!/^[a-z][a-z0-9]*$/.test(tag) || openEnd === -1) return null;
  const tags = new RegExp(`<(/?)(${tag}|script|style)[\\s>]`, "g");
  tags.lastIndex = openEnd + 1;
  let depth = 1;
  for (let found = tags.exec(html); found; found = tags.exec(html)) {
    if (found[2] !== tag) return null;
    depth += found[1] ? -1 : 1;
    if (depth === 0) return html.slice(openEnd + 1, found.index);
  }
  return null;
}
