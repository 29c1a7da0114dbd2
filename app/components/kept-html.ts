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
}

/** The element a kept part is written inside: its tag and class, as the part renders them. */
export interface KeptWrapper {
  tag: string;
  className: string;
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
    return createElement(wrapper.tag, { className: wrapper.className, dangerouslySetInnerHTML: { __html: html } });
  }
  const part = render();
  keptHtml.fillLater(key, part, wrapper);
  return part;
}
