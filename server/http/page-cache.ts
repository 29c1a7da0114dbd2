import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { compressFor, sendCompressed } from "./compress-once";
import {
  chooseEncoding,
  ifNoneMatchHits,
  inlineScriptHashes,
  isApiAddress,
  isShareableAnswer,
  pageCacheKey,
  type PageEncoding,
  policyWithHashes,
  sharedVary,
  strongEtag,
  variesOnlyByKeyedHeaders,
  withoutNonce,
} from "./page-cache-rules";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

declare global {
  namespace Express {
    interface Locals {
      /**
       * Set on a cacheable miss: the page handler hands its answer here. It answers with null when it sent the
       * page itself, or with the answer (unread) for the handler to send as usual.
       */
      fillPageCache?: (response: globalThis.Response) => Promise<globalThis.Response | null>;
      /** Set on a cacheable miss's API answer, collected whole by the cache: the compression middleware stays out. */
      collectingAnswer?: boolean;
    }
  }
}

/** What a shared page answer needs to be sent again: headers and the body, already compressed both ways. */
interface CachedPage {
  version: string;
  storedAt: number;
  headers: OutgoingHttpHeaders;
  /** One strong tag per encoding: each names the exact bytes sent in it. */
  etags: Record<PageEncoding, string>;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
}

/** Sent by CDNs and proxies in front: shared for a minute, then served stale for five while they fetch it anew. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** Everything else: a proxy must not keep it; the browser asks again (and may keep it for back/forward). */
export const PERSONAL_CACHE_CONTROL = "private, no-cache";

/** Per-request headers, or ones the cache sets itself; never stored with an entry. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "cache-control",
  "set-cookie",
  "strict-transport-security",
]);

/** How many addresses asked for once are remembered (about 100 bytes each). */
const MAX_ASKED = 10_000;

/** Bigger answers are sent but not kept. */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

export interface PageCacheOptions {
  /** Changes whenever what pages show may have changed (db/read-cache.ts createChangeVersion). */
  version: () => string;
  /** Compressed bytes kept at most; the least recently used entries go first. 0 turns the cache off. */
  maxBytes: number;
  /** Time alone changes some wording ("out tomorrow", what counts as new): no entry is older than this. */
  maxAgeMs?: number;
  /** With it, only requests for this origin are cached. */
  publicOrigin?: string;
  now?: () => number;
}

/**
 * An in-process cache of finished page answers for visitors (docs/decisions/0024-visitor-page-cache.md). It runs
 * before the rest of the middleware chain: a hit is one key, one version check and one write. A cacheable miss
 * asked for before goes down the chain with `res.locals.fillPageCache`, which the page handler calls with React
 * Router's answer.
 * Concurrent misses for one key wait for the first render instead of each rendering the page.
 */
export function createPageCache(options: PageCacheOptions) {
  const { version, maxBytes, maxAgeMs = 60_000, publicOrigin, now = Date.now } = options;
  const entries = new Map<string, CachedPage>();
  const pending = new Map<string, Promise<CachedPage | null>>();
  let totalBytes = 0;
  /** Keys asked for recently, oldest first; bounded, so random addresses cannot grow it. */
  const asked = new Set<string>();

  function askedBefore(key: string): boolean {
    const before = asked.delete(key);
    asked.add(key); // most recently asked goes last
    if (before) return true;
    if (asked.size > MAX_ASKED) asked.delete(asked.values().next().value!);
    return false;
  }

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function fresh(key: string, currentVersion: string): CachedPage | null {
    const entry = entries.get(key);
    if (!entry) return null;
    if (entry.version !== currentVersion || now() - entry.storedAt > maxAgeMs) {
      drop(key);
      return null;
    }
    entries.delete(key); // most recently used goes last
    entries.set(key, entry);
    return entry;
  }

  function store(key: string, entry: CachedPage): void {
    drop(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const [oldest] of entries) {
      if (totalBytes <= maxBytes) break;
      drop(oldest);
    }
  }

  /**
   * A shareable answer as any visitor gets it: its headers for a cache in front (public, Vary, a hash-only policy)
   * and its bytes, the same for every render of the same page (no request's nonce in them).
   */
  function shared(body: Buffer, answerHeaders: Iterable<[string, string]>, res: ExpressResponse, url: string) {
    const headers: OutgoingHttpHeaders = {};
    const own = res.getHeader("cache-control");
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!NOT_STORED.has(name) && value !== undefined) headers[name] = value;
    }
    let answerVary = String(res.getHeader("vary") ?? "");
    for (const [name, value] of answerHeaders) {
      if (name === "vary") answerVary = `${answerVary},${value}`;
      else if (!NOT_STORED.has(name)) headers[name] = value;
    }
    const policy = headers["content-security-policy"];
    if (typeof policy === "string" && /^text\/html\b/i.test(String(headers["content-type"] ?? ""))) {
      const html = withoutNonce(body.toString("utf8"), res.locals.cspNonce ?? "");
      headers["content-security-policy"] = policyWithHashes(policy, res.locals.cspNonce, inlineScriptHashes(html));
      body = Buffer.from(html);
    }
    // An API call the contract marks public keeps its documented header; pages get the shared one.
    headers["cache-control"] = typeof own === "string" && /^public\b/.test(own) ? own : SHARED_CACHE_CONTROL;
    headers.vary = sharedVary(url, answerVary);
    return { headers, body };
  }

  async function build(
    answerBody: Buffer,
    answerHeaders: Iterable<[string, string]>,
    res: ExpressResponse,
    url: string,
    entryVersion: string,
  ): Promise<CachedPage> {
    const { headers, body } = shared(answerBody, answerHeaders, res, url);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzip(body, { level: 6 }),
    ]);
    const etags = { br: strongEtag(br), gzip: strongEtag(gz), identity: strongEtag(body) };
    return { version: entryVersion, storedAt: now(), headers, etags, br, gzip: gz, bytes: br.length + gz.length + 512 };
  }

  /** Sends a shared answer's bytes in one encoding under their own tag, or 304 when the browser has them. */
  function sendShared(
    req: IncomingMessage,
    res: ServerResponse,
    answer: { headers: OutgoingHttpHeaders; encoding: PageEncoding; etag: string; body: Buffer | (() => Promise<Buffer>) },
    secure: boolean,
  ): Promise<void> | void {
    const headers: OutgoingHttpHeaders = { ...answer.headers, etag: answer.etag };
    if (secure) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
    if (ifNoneMatchHits(req.headers["if-none-match"], answer.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const write = (body: Buffer) => {
      if (answer.encoding !== "identity") headers["content-encoding"] = answer.encoding;
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (Buffer.isBuffer(answer.body)) return write(answer.body);
    return answer.body().then(write);
  }

  async function send(req: IncomingMessage, res: ServerResponse, entry: CachedPage, state: string, secure: boolean) {
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    // Every browser takes br or gzip; keeping a third, uncompressed copy would only serve scripts and bots.
    const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : () => gunzip(entry.gzip);
    const headers = { ...entry.headers, "x-page-cache": state };
    await sendShared(req, res, { headers, encoding, etag: entry.etags[encoding], body }, secure);
  }

  /**
   * A shareable page asked for the first time is not kept, but a cache in front may keep it: it gets the shared
   * headers and is compressed once, in the encoding asked for.
   */
  function sendOnce(req: ExpressRequest, res: ExpressResponse, answerBody: Buffer, answerHeaders: Iterable<[string, string]>) {
    const { headers, body } = shared(answerBody, answerHeaders, res, req.originalUrl);
    const { encoding, bytes } = compressFor(body, req.headers["accept-encoding"]);
    return sendShared(req, res, { headers, encoding, etag: strongEtag(bytes), body: bytes }, req.secure);
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (maxBytes <= 0) return next();
    const key = pageCacheKey(
      {
        method: req.method,
        url: req.originalUrl,
        origin: `${req.protocol}://${req.get("host") ?? ""}`,
        cookie: req.headers.cookie,
        authorization: req.headers.authorization,
        accept: req.headers.accept,
        trpcAccept: req.headers["trpc-accept"] as string | undefined,
      },
      publicOrigin,
    );
    if (key === null) return next();
    const currentVersion = version();
    const hit = fresh(key, currentVersion);
    if (hit) return void send(req, res, hit, "hit", req.secure).catch(next);
    const inFlight = pending.get(key);
    if (inFlight) {
      return void inFlight
        .then((entry) => (entry && entry.version === currentVersion ? send(req, res, entry, "hit", req.secure) : next()))
        .catch(next);
    }
    // A HEAD renders no body to keep: it goes down the chain uncached.
    if (req.method !== "GET") return next();
    // Kept from its second request on: a flood of addresses asked once (a crawler's searches) costs no more than
    // before, and does not push out the pages people keep asking for.
    const keep = askedBefore(key);
    const api = isApiAddress(req.originalUrl);
    if (!keep && !api) {
      res.locals.fillPageCache = async (response) => {
        if (!isShareableAnswer(response.status, response.headers, res.hasHeader("set-cookie"))) return response;
        await sendOnce(req, res, Buffer.from(await response.arrayBuffer()), response.headers);
        return null;
      };
      return next();
    }
    // Only a kept answer has waiters to let go.
    let finish: (entry: CachedPage | null) => void = () => {};
    if (keep) {
      let settle!: (entry: CachedPage | null) => void;
      pending.set(key, new Promise((resolve) => (settle = resolve)));
      finish = (entry) => {
        if (pending.has(key)) {
          pending.delete(key);
          settle(entry);
        }
      };
      // Whatever happens down the chain (an error page, a redirect, a closed connection), waiters are let go.
      res.on("close", () => finish(null));
    }
    // A shareable answer, a page's or an API call's: kept, handed to the waiters, and sent.
    const keepAndSend = async (body: Buffer, answerHeaders: Iterable<[string, string]>) => {
      const entry = await build(body, answerHeaders, res, req.originalUrl, currentVersion);
      store(key, entry);
      finish(entry);
      await send(req, res, entry, "miss", req.secure);
    };
    if (api) {
      // Express writes an API call's answer: it is collected whole, then kept (and sent) or sent compressed in one
      // call. Streamed through the compression middleware, each answer paid for a compressor of its own.
      res.locals.collectingAnswer = true;
      collectAnswer(res, (body) => {
        res.locals.collectingAnswer = false;
        // JSON only (images have their own disk cache), and one answer for every caller: varying by nothing the key
        // leaves out (an image call picks its format by Accept, which the key does not hold).
        const answerHeaders = new Headers({ "cache-control": String(res.getHeader("cache-control") ?? "") });
        const json = /^application\/json\b/i.test(String(res.getHeader("content-type") ?? ""));
        const shareable =
          keep &&
          json &&
          isShareableAnswer(res.statusCode, answerHeaders, res.hasHeader("set-cookie")) &&
          variesOnlyByKeyedHeaders(req.originalUrl, String(res.getHeader("vary") ?? "")) &&
          body.length <= MAX_ENTRY_BYTES;
        if (!shareable) {
          finish(null);
          if (json) sendCompressed(res, body, req.headers["accept-encoding"]);
          else res.end(body);
          return;
        }
        keepAndSend(body, []).catch((error: unknown) => {
          finish(null);
          next(error);
        });
      });
      return next();
    }
    res.locals.fillPageCache = async (response) => {
      if (!isShareableAnswer(response.status, response.headers, res.hasHeader("set-cookie"))) {
        finish(null);
        return response;
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_ENTRY_BYTES) {
        finish(null);
        return new Response(body, response);
      }
      await keepAndSend(body, response.headers);
      return null;
    };
    next();
  };

  /**
   * Collects what Express writes for one answer instead of sending it; `done` gets the body once the answer ends,
   * with the response's own write and end back in place (headers not yet sent), to send it as it sees fit.
   */
  function collectAnswer(res: ExpressResponse, done: (body: Buffer) => void): void {
    const chunks: Buffer[] = [];
    const { write, end } = res;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string")
        chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const callbackOf = (...args: unknown[]) => args.find((a): a is () => void => typeof a === "function");
    res.write = function (chunk: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      callbackOf(...rest)?.();
      return true;
    } as ExpressResponse["write"];
    res.end = function (this: ExpressResponse, ...args: unknown[]) {
      if (typeof args[0] !== "function") take(args[0], args[1]);
      res.write = write;
      res.end = end;
      done(Buffer.concat(chunks));
      callbackOf(...args)?.();
      return this;
    } as ExpressResponse["end"];
  }

  /**
   * A hit answered from Node's own request, before Express is entered: it then costs about what a bare server
   * costs. Only for a server reached directly (no proxy to trust): its origin is then the socket's and the Host
   * header, as Express would read them. False when it is not a fresh hit; the request then goes to Express.
   */
  function serveDirect(req: IncomingMessage, res: ServerResponse, onHit?: () => void): boolean {
    if (maxBytes <= 0 || entries.size === 0) return false;
    const secure = (req.socket as TLSSocket).encrypted === true;
    const key = pageCacheKey(
      {
        method: req.method ?? "",
        url: req.url ?? "",
        origin: `${secure ? "https" : "http"}://${req.headers.host ?? ""}`,
        cookie: req.headers.cookie,
        authorization: req.headers.authorization,
        accept: req.headers.accept,
        trpcAccept: req.headers["trpc-accept"] as string | undefined,
      },
      publicOrigin,
    );
    if (key === null) return false;
    const hit = fresh(key, version());
    if (!hit) return false;
    onHit?.();
    send(req, res, hit, "hit", secure).catch(() => res.destroy());
    return true;
  }

  return {
    middleware,
    serveDirect,
    /** Figures for tests and benchmarks. */
    stats: () => ({ entries: entries.size, bytes: totalBytes }),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The compression middleware, kept out of an answer the cache is collecting: the cache compresses it itself. */
export const compressUnlessCollected =
  (compress: RequestHandler): RequestHandler =>
  (req, res, next) =>
    res.locals.collectingAnswer ? next() : compress(req, res, next);
