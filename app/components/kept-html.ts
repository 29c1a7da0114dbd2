import { createContext, createElement, type ReactElement } from "react";

/**
 * Finished HTML of parts of a page whose markup depends only on their data (record cards, /browse's facet groups),
 * kept by the server between pages (app/lib/kept-html.server.ts; decision 46). Only the server's page render
 * provides one: the browser, and a render without it, render every part.
 */
export interface KeptHtml {
  /** The inside of the part's wrapper element for this key, when it has been rendered before. */
  get(key: string): string | undefined;
  /** Renders `part` (one `wrapper` element) after this page, for the next page that shows it. */
  fillLater(key: string, part: ReactElement, wrapper: KeptWrapper): void;
  /**
   * Keeps a part as this page writes it, for a part that cannot render on its own (it reads the page's router):
   * the value to put first on its wrapper element as `data-kept-mark`. The page's render takes the mark out again.
   */
  keepFromPage?(key: string): string;
}

/** The attribute that marks a part to keep from the page's own HTML (`keepFromPage`); it never reaches a browser. */
export const KEPT_MARK = "data-kept-mark";

/** The element a kept part is written inside: its tag and class (none when undefined), as the part renders them. */
export interface KeptWrapper {
  tag: string;
  className: string | undefined;
}

/** The class of a card's `<article>`: the card renders it, and kept HTML is written inside it. */
export const CARD_CLASS = "group card";
export const CARD_WRAPPER: KeptWrapper = { tag: "article", className: CARD_CLASS };

export const KeptHtmlContext = createContext<KeptHtml | null>(null);

/**
 * A part as the server writes it: its wrapper around the HTML kept for `key`, or, the first time, `render()`'s
 * element, rendered in the page as usual and kept for the next page.
 */
export function keptPart(keptHtml: KeptHtml, key: string, wrapper: KeptWrapper, render: () => ReactElement): ReactElement {
  const html = keptHtml.get(key);
  if (html !== undefined) {
    return keptElement(wrapper, html);
  }
  const part = render();
  keptHtml.fillLater(key, part, wrapper);
  return part;
}

/** A part's wrapper element around its kept HTML. */
function keptElement(wrapper: KeptWrapper, html: string): ReactElement {
  return createElement(wrapper.tag, { className: wrapper.className, dangerouslySetInnerHTML: { __html: html } });
}

/**
 * Stands in a kept part for the one text that varies from page to page (decision 53). React writes it as it is, and
 * no page shows it.
 */
export const KEPT_SLOT = "kept-slot-6c1f0e";

/**
 * A part whose markup depends on its key and on one text (the address in a form's hidden field): kept as rendered
 * with `KEPT_SLOT` for that text, which each page replaces with its own, escaped as React escapes an attribute's
 * value or a text. A kept render without exactly one slot is not used: the part renders as usual.
 */
export function keptPartWithSlot(
  keptHtml: KeptHtml,
  key: string,
  wrapper: KeptWrapper,
  text: string,
  render: (text: string) => ReactElement,
): ReactElement {
  const html = keptHtml.get(key);
  if (html === undefined) {
    keptHtml.fillLater(key, render(KEPT_SLOT), wrapper);
    return render(text);
  }
  const at = html.indexOf(KEPT_SLOT);
  if (at < 0 || html.includes(KEPT_SLOT, at + KEPT_SLOT.length)) return render(text);
  const filled = html.slice(0, at) + escapeAsReact(text) + html.slice(at + KEPT_SLOT.length);
  return keptElement(wrapper, filled);
}

const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** A text as React writes it into HTML, in a text node or an attribute's value. */
export const escapeAsReact = (text: string) => text.replace(/["&'<>]/g, (c) => ESCAPES[c]!);

/**
 * A part kept as the page itself writes it (decision 54), for a part that reads the page's router and so cannot be
 * rendered on its own: from its kept HTML when there is some for `key`, else `render(mark)`, whose wrapper element
 * puts `data-kept-mark={mark}` first. A null key (or no keeping: the browser, development) renders it as usual.
 */
export function keptFromPage(
  keptHtml: KeptHtml | null,
  key: string | null,
  wrapper: KeptWrapper,
  render: (mark: string | undefined) => ReactElement,
): ReactElement {
  if (!keptHtml?.keepFromPage || key === null) return render(undefined);
  const html = keptHtml.get(key);
  if (html === undefined) return render(keptHtml.keepFromPage(key));
  return keptElement(wrapper, html);
}

const identities = new WeakMap<object, number>();
let lastIdentity = 0;

/**
 * A number for this very object: shared page data is one object for every page that shows it until the shop
 * changes (decisions 48 and 51), so its number stands for all of it in a kept part's key.
 */
export function identityOf(value: object): number {
  let id = identities.get(value);
  if (id === undefined) identities.set(value, (id = ++lastIdentity));
  return id;
}
