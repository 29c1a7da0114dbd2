import { renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { KeptHtmlContext } from "~/components/kept-html";
import { createKeptHtml } from "./kept-html.server";
import { NonceProvider } from "./nonce";
import { withPageRoutes } from "./page-routes.server";

/** Set by React Router's StreamTransfer: the handoff chunks it has read, each a promise carrying its result. */
type StreamCache = Record<number, Promise<void> & { result?: { done: boolean; value: string } }>;

/** Emitted by StreamTransfer after the last chunk of loader data: a page without it would not hydrate. */
const HANDOFF_CLOSED = "streamController.close()";

// One per thread that renders pages (decision 46). None in development: an edited card must show at once.
const keptHtml = import.meta.env.DEV ? null : createKeptHtml();

/**
 * Renders a page whose loaders have all finished in one synchronous pass (docs/decisions/0035-whole-pages.md):
 * `handoff` is React Router's loader data for the browser, read to its end, and is handed to its StreamTransfer
 * as already settled. Null when this React Router no longer renders the data from there (the page must then be
 * streamed). The same function runs on the main thread and in a render thread (decision 38).
 */
export function renderWholePage(routerContext: EntryContext, url: string, nonce: string, handoff: string): Buffer | null {
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  const renderMeta = routerContext.renderMeta as { streamCache?: StreamCache };
  renderMeta.streamCache = { 0: settled({ done: false, value: handoff }), 1: settled({ done: true, value: "" }) };
  const rendered = renderToString(
    <NonceProvider value={nonce}>
      <KeptHtmlContext.Provider value={keptHtml}>
        <ServerRouter context={withPageRoutes(routerContext)} url={url} nonce={nonce} />
      </KeptHtmlContext.Provider>
    </NonceProvider>,
  );
  renderMeta.streamCache = undefined;
  // Parts the page marked to keep as it wrote them (decision 54) are kept, and their marks taken out.
  const html = keptHtml ? keptHtml.takeFromPage(rendered) : rendered;
  // Searched from the end, where React Router writes it: the page is tens of kilobytes.
  return html.lastIndexOf(HANDOFF_CLOSED) === -1 ? null : pageBytes(html);
}

const DOCTYPE = "<!DOCTYPE html>";

/**
 * The page as UTF-8 in a buffer of its own, so a render thread can hand it to the main thread without a copy. The
 * doctype is written in front of the markup: joining them as strings would copy the whole page's text once more.
 */
export function pageBytes(html: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(DOCTYPE.length + Buffer.byteLength(html));
  bytes.write(DOCTYPE, 0, "latin1");
  bytes.write(html, DOCTYPE.length);
  return bytes;
}
