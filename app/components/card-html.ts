import { createContext, type ReactElement } from "react";

/**
 * Finished HTML of record cards, kept by the server between pages (app/lib/card-html.server.ts; decision 46).
 * Only the server's page render provides one: the browser, and a render without it, render every card.
 */
export interface CardHtml {
  /** The inside of a card's `<article>` for this key, when it has been rendered before. */
  get(key: string): string | undefined;
  /** Renders `card` (an `<article>` of CARD_CLASS) after this page, for the next page that shows it. */
  fillLater(key: string, card: ReactElement): void;
}

/** The class of a card's `<article>`: the card renders it, and kept HTML is written inside it. */
export const CARD_CLASS = "group card";

export const CardHtmlContext = createContext<CardHtml | null>(null);
