/**
 * Calling a page's loader or action directly, as the server would: a real Fetch Request, and the real request
 * context (server/context.ts) built over real services, with the real session middleware reading the session
 * cookie of the request first. Only Express's request and response objects are stand-ins, with just what the
 * middleware and the context read.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext } from "react-router";
import { readToast } from "../../app/lib/toast.server";
import type { Toast } from "../../app/domain/shared/toast";
import type { Db } from "../../db/client";
import { sessionMiddleware } from "../../server/auth/middleware";
import { sessionCookieName } from "../../server/auth/cookies";
import { createRequestContext } from "../../server/context";
import type { Services } from "../../server/services";
import type { SessionUser } from "../../server/services/sessions";

export const SHOP_ORIGIN = "http://shop.test";

/** A form post to `path` on the shop, as a browser without JavaScript sends it. */
export function formPost(path: string, fields: Record<string, string> | URLSearchParams | FormData, cookie?: string): Request {
  const body = fields instanceof URLSearchParams || fields instanceof FormData ? fields : new URLSearchParams(fields);
  const headers = new Headers({ Origin: SHOP_ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, SHOP_ORIGIN), { method: "POST", body, headers });
}

/** A page load of `path`. */
export function pageGet(path: string, cookie?: string): Request {
  return new Request(new URL(path, SHOP_ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });
}

/** Several cookies as one Cookie header (empty parts are skipped). */
export function cookies(...pairs: (string | null | undefined | false)[]): string {
  return pairs.filter(Boolean).join("; ");
}

let accounts = 0;

/** A new customer account made through the accounts service; the password is returned for signing in. */
export async function newCustomer(
  services: Services,
  fields: { username?: string; email?: string; password?: string } = {},
): Promise<{ user: SessionUser; password: string }> {
  accounts += 1;
  const password = fields.password ?? "correct horse battery";
  const username = fields.username ?? `customer${process.pid}x${accounts}`;
  const user = await services.accounts.register({ username, email: fields.email ?? `${username}@example.com`, password });
  return { user, password };
}

/**
 * A new session for the user, as signing in makes (past the second factor, for an account that has one); `cookie` is
 * the pair to put in a Cookie header (plain http).
 */
export function sessionOf(services: Services, userId: number): { cookie: string; token: string; sessionId: string } {
  const { token, sessionId } = services.sessions.create(userId, { twoFactorVerified: true });
  return { cookie: `${sessionCookieName(false)}=${token}`, token, sessionId };
}

/** The arguments React Router passes a loader or action of a route without params. */
export interface RouteArgs {
  request: Request;
  url: URL;
  params: Record<string, never>;
  pattern: string;
  /** The request context, as the server hands it to React Router (server/app.ts declares it the AppLoadContext). */
  context: AppLoadContext;
}

/**
 * The loader/action arguments for `request`: the session middleware reads its Cookie header, then
 * createRequestContext builds the context as the server does for every request.
 */
export function routeArgs(shop: { db: Db; services: Services }, request: Request, { clientIp = "198.51.100.7" } = {}): RouteArgs {
  const url = new URL(request.url);
  const req = {
    method: request.method,
    url: url.pathname + url.search,
    originalUrl: url.pathname + url.search,
    protocol: url.protocol.replace(/:$/, ""),
    secure: url.protocol === "https:",
    ip: clientIp,
    socket: { remoteAddress: clientIp },
    headers: Object.fromEntries(request.headers),
    get(name: string): string | undefined {
      if (name.toLowerCase() === "host") return request.headers.get("host") ?? url.host;
      return request.headers.get(name) ?? undefined;
    },
  };
  const res = {
    locals: { cspNonce: "test-nonce" } as Record<string, unknown>,
    headers: new Headers(),
    append(name: string, value: string) {
      this.headers.append(name, value);
      return this;
    },
    getHeader(name: string) {
      return this.headers.get(name) ?? undefined;
    },
    setHeader(name: string, value: string) {
      this.headers.set(name, value);
      return this;
    },
    writeHead() {
      return this;
    },
  };
  const expressReq = req as unknown as ExpressRequest;
  const expressRes = res as unknown as ExpressResponse;
  let passed = false;
  sessionMiddleware(shop.services.sessions)(expressReq, expressRes, () => {
    passed = true;
  });
  if (!passed) throw new Error("The session middleware did not pass the request on.");
  const context = createRequestContext(shop.db, shop.services, expressReq, expressRes) as AppLoadContext;
  return { request, url, params: {}, pattern: url.pathname, context };
}

/** What a loader or action answered (returned or thrown): a redirect Response, data() with a status, or plain data. */
export interface RouteOutcome<D> {
  thrown: boolean;
  status: number;
  headers: Headers;
  /** The page data (undefined for a Response). */
  data: D | undefined;
  /** The Location of a redirect, else null. */
  location: string | null;
}

type PayloadOf<T> = T extends Response ? never : T extends { type: string; data: infer D; init: ResponseInit | null } ? D : T;

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function outcome<D>(value: unknown, thrown: boolean): RouteOutcome<D> {
  if (value instanceof Response) {
    return { thrown, status: value.status, headers: value.headers, data: undefined, location: value.headers.get("Location") };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { thrown, status: value.init?.status ?? 200, headers, data: value.data as D, location: headers.get("Location") };
  }
  return { thrown, status: 200, headers: new Headers(), data: value as D, location: null };
}

/** Runs a loader or action and settles what it answered; a thrown Error (a 500) is rethrown. */
export async function settle<T>(run: () => T | Promise<T>): Promise<RouteOutcome<PayloadOf<Awaited<T>>>> {
  try {
    return outcome(await run(), false);
  } catch (error) {
    if (error instanceof Error) throw error;
    return outcome(error, true);
  }
}

/** The Set-Cookie value for cookie `name` in a response's headers, or undefined. */
export function setCookieOf(headers: Headers, name: string): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** The value a Set-Cookie gives its cookie ("" when it deletes it). */
export function cookieValue(setCookie: string | undefined): string | undefined {
  if (setCookie === undefined) return undefined;
  const pair = setCookie.split(";", 1)[0] ?? "";
  return pair.slice(pair.indexOf("=") + 1);
}

/** The toast a response leaves for the next page, read back as the next page load would read it. */
export async function toastOf(headers: Headers): Promise<Toast | null> {
  const setCookie = setCookieOf(headers, "toast");
  if (!setCookie) return null;
  const { toast } = await readToast(pageGet("/", setCookie.split(";", 1)[0]));
  return toast;
}
