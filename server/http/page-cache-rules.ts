import crypto from "node:crypto";
import { OPERATIONS, type ApiOperation } from "../contract/operations";

/**
 * Which requests and answers the visitor page cache may share (docs/decisions/0024-visitor-page-cache.md).
 * Pure functions: the cache itself is server/http/page-cache.ts.
 */

/**
 * Public pages whose answer depends on nothing but the address and the catalogue. Left out on purpose: anything
 * personal or token-bearing (cart, checkout, accounts, unsubscribe and password links), the back office, and the
 * crate dig, whose "surprise me" is drawn per request.
 */
const PUBLIC_PAGES =
  /^\/(?:|browse|new-releases|allvinyl|pre-orders|genres|vinyl-care|help|blog|blog\/[^?]+|vinyl\/[^?]+|pre-order\/[^?]+|sitemap\.xml|robots\.txt)$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A documented GET whose JSON answer the contract lets anyone keep (`Cache-Control: public`): the same for
 * everyone. Images stay out: they have their own disk cache, and pick their format by Accept.
 */
const isPublicGet = (op: ApiOperation) =>
  op.method === "get" &&
  op.cache !== null &&
  "value" in op.cache &&
  /^public\b/.test(op.cache.value) &&
  (op.success.contentType ?? "application/json").startsWith("application/json");

/**
 * Public JSON answers that depend on nothing but the address and the catalogue: the REST calls the contract marks
 * public, and the catalogue's tRPC queries (alone or batched together).
 */
const PUBLIC_ANSWERS = new RegExp(
  `^(?:${[
    ...Object.values(OPERATIONS as Record<string, ApiOperation>)
      .filter(isPublicGet)
      .map((op) => escapeRegExp(op.path).replace(/\\\{\w+\\\}/g, "[^/]+")),
    "/trpc/catalogue\\.(?:list|byId)(?:,catalogue\\.(?:list|byId))*",
  ].join("|")})$`,
);

/** Whether a cacheable address is answered by an API call (Express writes it) rather than a page (React Router). */
export const isApiAddress = (url: string) => url.startsWith("/api/") || url.startsWith("/trpc/");

/** Longer addresses are not worth an entry, and bound the key. */
const MAX_KEY_URL = 1024;

export interface CacheableRequest {
  method: string;
  /** The path and query as sent, e.g. "/browse?genre=Jazz". */
  url: string;
  /** "https://needledrop.example": pages build absolute links from it, so it is part of the key. */
  origin: string;
  cookie?: string | undefined;
  authorization?: string | undefined;
  /** tRPC answers vary by these: a call asking to stream (JSON lines, events) is never shared. */
  accept?: string | undefined;
  trpcAccept?: string | undefined;
}

/** A tRPC call that asks for a streamed answer instead of one JSON document. */
export const asksToStream = (request: Pick<CacheableRequest, "accept" | "trpcAccept">) =>
  request.trpcAccept !== undefined || /\b(?:text\/event-stream|application\/jsonl)\b/i.test(request.accept ?? "");

/**
 * What a shared API answer may vary by besides the encoding: tRPC's answers name `trpc-accept` and `accept`, and a
 * call that sets either to ask for a stream is never keyed (asksToStream).
 */
export function variesOnlyByKeyedHeaders(url: string, vary: string): boolean {
  const allowed = url.startsWith("/trpc/") ? ["accept-encoding", "trpc-accept", "accept"] : ["accept-encoding"];
  return vary
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .every((name) => name === "" || allowed.includes(name));
}

/**
 * The cache key of a request a visitor's shared page may answer, or null. Any cookie at all means the answer may
 * be personal (session, cart, favourites, toast, order access, newsletter owner), so it is never shared. With a
 * public origin configured, another Host is not cached (it could only fill the cache with pages nobody asks for).
 */
export function pageCacheKey(request: CacheableRequest, publicOrigin?: string): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.cookie || request.authorization) return null;
  if (request.url.startsWith("/trpc/") && asksToStream(request)) return null;
  if (publicOrigin !== undefined && request.origin !== publicOrigin) return null;
  if (request.url.length > MAX_KEY_URL || !request.url.startsWith("/")) return null;
  const queryAt = request.url.indexOf("?");
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  // A script's navigation asks for the same page's data at "<path>.data" ("/_root.data" for the home page).
  const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  if (!PUBLIC_PAGES.test(page) && !PUBLIC_ANSWERS.test(path)) return null;
  if (queryAt === -1) return `${request.origin}${path}`;
  // The same filters in another order are the same page: one entry. Values of one name keep their order.
  const query = new URLSearchParams(request.url.slice(queryAt + 1));
  query.sort();
  const normalised = query.toString();
  return normalised === "" ? `${request.origin}${path}` : `${request.origin}${path}?${normalised}`;
}

export type PageEncoding = "br" | "gzip" | "identity";

/** The best encoding the browser takes; every browser sends br or gzip. A `;q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * What a shared answer varies by, for a cache in front of the shop. Always the encoding (the body is compressed). A
 * page also by Cookie: any cookie may make it personal, so a proxy keeps the visitors' copy apart and passes
 * shoppers through. An API answer is the same with or without cookies, and keeps what it names itself (tRPC's
 * `trpc-accept, accept`: a call asking for a stream must not get the kept JSON).
 */
export function sharedVary(url: string, answerVary: string): string {
  const names = ["Accept-Encoding", ...(isApiAddress(url) ? [] : ["Cookie"])];
  for (const name of answerVary.split(",").map((n) => n.trim())) {
    if (name !== "" && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  return names.join(", ");
}

/**
 * A strong entity tag for exactly these bytes: a brotli and a gzip body of one page are different representations
 * and get different tags (RFC 9110 §8.8.3), and the same bytes always get the same tag.
 */
export const strongEtag = (bytes: Uint8Array) =>
  `"${crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function ifNoneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * A page's HTML as it is shared: without the request's nonce attributes. The shared policy names its scripts'
 * hashes instead, so the nonce is inert there; left in, it would make every render's bytes (and ETag) different.
 */
export function withoutNonce(html: string, nonce: string): string {
  return nonce === "" ? html : html.replaceAll(` nonce="${nonce}"`, "");
}

/** An answer may be shared only if it is a plain success that sets nothing on the browser and allows it. */
export function isShareableAnswer(status: number, headers: Headers, setCookieOnResponse: boolean): boolean {
  if (status !== 200 || setCookieOnResponse || headers.has("set-cookie")) return false;
  const cacheControl = headers.get("cache-control") ?? "";
  return !/\b(?:private|no-store)\b/i.test(cacheControl);
}

/**
 * The CSP sources that let exactly the page's own inline scripts run: one sha256 hash each. A shared page cannot
 * carry a per-request nonce, and hashes keep the policy as strict: an injected script matches none of them.
 * Script text is hashed as the browser does, byte for byte between the tags (script content is raw text in HTML).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, text] = match;
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The page's policy with its nonce source swapped for the hashes of the scripts it carries. */
export function policyWithHashes(policy: string, nonce: string, hashes: readonly string[]): string {
  const source = `'nonce-${nonce}'`;
  // Without any inline script, nothing inline may run: 'self' alone says so.
  return policy.split(source).join(hashes.join(" ")).replace(/ {2,}/g, " ").replace(/ ;/g, ";");
}
