import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { encodeHandoff } from "./lib/handoff.server";
import { NonceProvider } from "./lib/nonce";
import { wholePageResponse } from "./lib/page-bytes.server";
import { pageRenderOffload } from "./lib/render-offload.server";
import { renderJobOf, SharedDataMissing, sharedDataSent } from "./lib/render-job.server";
import { renderWholePage as renderWholePageHere } from "./lib/whole-page.server";

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
  if (carriesLoaderData(routerContext)) {
    return renderWholePage(request, responseStatusCode, responseHeaders, routerContext, nonce).then(
      (page) => page ?? renderStreamed(request, responseStatusCode, responseHeaders, routerContext, nonce),
    );
  }
  return renderStreamed(request, responseStatusCode, responseHeaders, routerContext, nonce);
}

let wholePageUnavailable = false;

/** Whether React Router hands this render loader data, without making its (lazy, decision 49) stream. */
function carriesLoaderData(routerContext: EntryContext): boolean {
  const handoff = Object.getOwnPropertyDescriptor(routerContext, "serverHandoffStream");
  return handoff !== undefined && (handoff.get !== undefined || !!handoff.value);
}

/**
 * Every loader has finished before a page renders and the shop streams no deferred data, so a page can be
 * rendered in one synchronous pass: React's string renderer costs about a fifth less than its stream renderer,
 * and the answer is compressed once (docs/decisions/0035-whole-pages.md). The loader data (React Router's
 * handoff stream) is read to its end first. A render thread renders the page when one is free (decision 38);
 * null when this React Router no longer renders the data from a settled stream (the page is then streamed).
 */
async function renderWholePage(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  nonce: string,
): Promise<Response | null> {
  if (wholePageUnavailable) return null;
  const handoff = handoffOf(routerContext) ?? (await readHandoff(routerContext.serverHandoffStream!));
  let page = await renderElsewhere(routerContext, request.url, nonce, handoff);
  if (page === undefined) {
    // Loaders and rendering are separate steps: other requests get a turn in between (decision 35).
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Read from the settled stream cache while the page renders: React Router's own stream is never made.
    routerContext.serverHandoffStream = new ReadableStream<Uint8Array>();
    page = renderWholePageHere(routerContext, request.url, nonce, handoff);
  }
  if (page === null) {
    wholePageUnavailable = true;
    console.error("[render] React Router's loader data did not render from a settled stream: pages are streamed instead.");
    routerContext.serverHandoffStream = new Blob([handoff]).stream();
    return null;
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A thread's bytes arrive as a plain Uint8Array: viewed as a Buffer, not copied.
  return wholePageResponse(Buffer.from(page.buffer, page.byteOffset, page.byteLength), { status, headers });
}

/** The page's loader data for the browser, written directly (decision 49); null when React Router must write it. */
function handoffOf(routerContext: EntryContext): string | null {
  const { loaderData, actionData, errors } = routerContext.staticHandlerContext;
  return errors ? null : encodeHandoff({ loaderData, actionData, errors });
}

/** React Router's own encoding of the loader data, read to its end. */
async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let handoff = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    handoff += decoder.decode(chunk.value, { stream: true });
  }
  handoff += decoder.decode();
  reader.releaseLock();
  return handoff;
}

/** The page from a render thread; undefined when none takes it or it fails there (the main thread renders it). */
async function renderElsewhere(
  routerContext: EntryContext,
  url: string,
  nonce: string,
  handoff: string,
): Promise<Uint8Array | null | undefined> {
  const offload = pageRenderOffload();
  const job = offload && renderJobOf(routerContext, url, nonce, handoff);
  const rendering = job ? offload!(job) : undefined;
  if (!rendering) return undefined;
  // Only a job that carried the shared data changes what later jobs send; one that named it leaves it as it is.
  if (job!.shared && "data" in job!.shared) sharedDataSent(routerContext, true);
  try {
    return await rendering;
  } catch (error) {
    // A thread that did not have the page's shared data (it restarted): sent with the next page, rendered here now.
    if (error instanceof SharedDataMissing) return void sharedDataSent(routerContext, false);
    if (!offloadFailureLogged) console.error("[render] a render thread could not render a page; the main thread did:", error);
    offloadFailureLogged = true;
    return undefined;
  }
}
let offloadFailureLogged = false;

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
