import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { sendCompressed } from "./compress-once";
import { createFifoGate } from "./fifo-gate";
import { PERSONAL_CACHE_CONTROL } from "./page-cache";

/**
 * React Router's Express adapter reads the body from the socket, but bufferBody has already read it
 * (to enforce the size limit and reject bad JSON for everyone). This adapter hands React Router
 * the buffered bytes instead; the rest mirrors @react-router/express.
 */
export function reactRouterHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => unknown;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  // Pages are rendered a few at a time, in the order they came: a loader waiting on the network holds one slot,
  // not the others (decision 35).
  const gate = createFifoGate(PAGE_SLOTS);
  return async (req, res, next) => {
    const leave = await gate.enter();
    try {
      // The browser went away while the page waited its turn: nothing to render.
      if (res.destroyed) return;
      // A page's work is a few synchronous steps of 2–4 ms; between them other requests get their turn (decision 35).
      await nextTurn();
      const request = toFetchRequest(req, res);
      const context = options.getLoadContext(req, res);
      const answer = await handle(request, context as never);
      // A visitor's public page goes to the page cache, which sends it (or hands it back when it may not be shared).
      const response = res.locals.fillPageCache ? await res.locals.fillPageCache(answer) : answer;
      if (response) await sendResponse(req, res, response, leave);
    } catch (error) {
      next(error);
    } finally {
      leave();
    }
  };
}

/**
 * Pages rendered at once. Rendering is CPU-bound on one thread: a second slot lets one page's loader wait on the
 * network without stopping the others, and more only interleave renders, so each takes longer and the slowest far
 * longer (`npm run bench`: p99 up to 8.5 × p50 with eight slots, at most 2.9 × with two, the same throughput).
 */
const PAGE_SLOTS = 2;

/** Waits for the event loop's next turn, in which the server reads the requests that came meanwhile. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // Reading a page needs no abort signal: undici follows a given signal through listeners and a finalization
  // registry, which cost as much as the rest of the Request. A browser that leaves while a page's loaders run costs
  // that page's render at most: nothing is sent to a closed socket (sendResponse). A form post keeps its signal.
  if (!hasBody) return new Request(url.href, { method: req.method, headers });
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    // A Buffer is a Uint8Array; the DOM typings only want it ArrayBuffer-backed.
    body: (req.rawBody ?? new Uint8Array()) as Uint8Array<ArrayBuffer>,
  });
}

/** A page's HTML, and React Router's loader data for a client-side navigation (`<path>.data`). */
const WHOLE_ANSWERS = /^text\/(?:html|x-script)\b/i;

async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response, leaveGate: () => void): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Not a shared visitor page: a proxy in front must not keep it for anyone else.
  if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
  if (!response.body) return void res.end();
  try {
    // A page, or a client-side navigation's loader data, is whole before it is sent (the shop streams no deferred
    // data), so it is compressed in one call: streamed through the compression middleware, each flush cost a
    // compressor block and a stream of its own (decisions 35 and 55).
    if (WHOLE_ANSWERS.test(response.headers.get("content-type") ?? "") && !res.hasHeader("content-encoding")) {
      const body = Buffer.from(await response.arrayBuffer());
      await nextTurn();
      if (!res.destroyed) sendCompressed(res, body, req.headers["accept-encoding"]);
      return;
    }
    // A streamed answer (a CSV export, a file) takes as long as the browser takes to read it: not in a page's slot.
    leaveGate();
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The browser went away mid-stream (a new navigation, a closed tab): not a server error.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
