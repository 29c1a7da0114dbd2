import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "./lib/nonce";
import { withPageRoutes } from "./lib/page-routes.server";

export const streamTimeout = 5_000;

/**
 * React Router's default logs every error with its stack. A refusal it makes itself (a POST to a page that has no
 * form, 405) is the client's mistake and already answered 4xx: not worth a log line. Everything else is logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  if (routerContext.serverHandoffStream) {
    return renderWholePage(request, responseStatusCode, responseHeaders, routerContext, nonce).then(
      (page) => page ?? renderStreamed(request, responseStatusCode, responseHeaders, routerContext, nonce),
    );
  }
  return renderStreamed(request, responseStatusCode, responseHeaders, routerContext, nonce);
}

/** Set by React Router's StreamTransfer: the handoff chunks it has read, each a promise carrying its result. */
type StreamCache = Record<number, Promise<void> & { result?: { done: boolean; value: string } }>;

/** Emitted by StreamTransfer after the last chunk of loader data: a page without it would not hydrate. */
const HANDOFF_CLOSED = "streamController.close()";
let wholePageUnavailable = false;

/**
 * Every loader has finished before a page renders and the shop streams no deferred data, so a page can be
 * rendered in one synchronous pass: React's string renderer costs about a fifth less than its stream renderer,
 * and the answer is compressed once (docs/decisions/0035-whole-pages.md). The loader data (React Router's
 * handoff stream) is read to its end first and handed to its StreamTransfer as already settled; null when this
 * React Router no longer renders it from there (the page is then streamed as before).
 */
async function renderWholePage(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  nonce: string,
): Promise<Response | null> {
  if (wholePageUnavailable) return null;
  const reader = routerContext.serverHandoffStream!.getReader();
  const decoder = new TextDecoder();
  let data = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    data += decoder.decode(chunk.value, { stream: true });
  }
  data += decoder.decode();
  reader.releaseLock();
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  const renderMeta = routerContext.renderMeta as { streamCache?: StreamCache };
  renderMeta.streamCache = { 0: settled({ done: false, value: data }), 1: settled({ done: true, value: "" }) };
  // Loaders and rendering are separate steps: other requests get a turn in between (decision 35).
  await new Promise<void>((resolve) => setImmediate(resolve));
  const html = renderToString(
    <NonceProvider value={nonce}>
      <ServerRouter context={withPageRoutes(routerContext)} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  // Searched from the end, where React Router writes it: the page is tens of kilobytes.
  if (html.lastIndexOf(HANDOFF_CLOSED) === -1) {
    wholePageUnavailable = true;
    console.error("[render] React Router's loader data did not render from a settled stream: pages are streamed instead.");
    renderMeta.streamCache = undefined;
    routerContext.serverHandoffStream = new Blob([data]).stream();
    return null;
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  // Bytes, not a string: a string body is first checked character by character for lone surrogates.
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { status, headers });
}

function renderStreamed(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  nonce: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
