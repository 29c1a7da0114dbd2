import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "./lib/nonce";

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

/**
 * React Router's Node entry, as its templates write it, with one choice of ours: every page waits for `onAllReady`
 * (the shape the templates give bots). Every loader has finished before a page renders and the shop streams no
 * deferred data, so streaming would only send the same bytes in pieces; whole, the server compresses a page in one
 * call (server/http/react-router.ts, docs/decisions/0055-back-to-the-frameworks.md).
 */
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

  return new Promise<Response>((resolve, reject) => {
    let allReady = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A whole page is sent at once: every Suspense boundary is written in place, never outlined to be revealed by
        // a script later (by default React moves boundaries past its 12,800th byte out of place, and a browser without
        // JavaScript would never show them).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          allReady = true;
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
          if (allReady) console.error(error);
        },
      },
    );
  });
}
