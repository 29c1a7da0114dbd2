/**
 * Which orders and returns this browser may open without an account: a guest who proved an order (its number and
 * e-mail on /returns, or the single-use link in the dispatch mail) may fill in its return form for two hours, and
 * the browser that sent a return may see it for 90 days. The grants ride in one HttpOnly cookie, each signed with
 * the shop's key (HMAC-SHA-256), so nothing is stored for them and a forged or altered grant opens nothing.
 *
 *   needledrop-returns=o:ND-7K2M9QXA:1767225600000:<sig>.r:RT-ABCDEFGH:1774915200000:<sig>   newest first
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readCookie, shopperCookie } from "../../app/domain/shared/cookies";

export const RETURN_GRANTS_COOKIE = "needledrop-returns";
const ORDER_GRANT_MS = 2 * 60 * 60 * 1000;
const RETURN_GRANT_MS = 90 * 24 * 60 * 60 * 1000;
const MAX_GRANTS = 8;
const ENTRY = /^([or]):([A-Z]{2}-[A-Z0-9-]{1,40}):(\d{1,15}):([A-Za-z0-9_-]{43})$/;

type Kind = "o" | "r";
interface Grant {
  kind: Kind;
  number: string;
  expires: number;
  entry: string;
}

export interface ReturnGrants {
  /** Order numbers whose return form this browser may fill in. */
  orders: string[];
  /** Return numbers this browser sent. */
  returns: string[];
}

export function createReturnGrants(key: Uint8Array) {
  const sign = (kind: Kind, number: string, expires: number) =>
    createHmac("sha256", key).update(`return-grant:${kind}:${number}:${expires}`).digest("base64url");

  function read(cookieHeader: string | null, now: number): Grant[] {
    const raw = readCookie(cookieHeader, RETURN_GRANTS_COOKIE);
    if (!raw) return [];
    const grants: Grant[] = [];
    for (const entry of raw.split(".").slice(0, MAX_GRANTS)) {
      const m = ENTRY.exec(entry);
      if (!m) continue;
      const [, kind, number, exp, sig] = m as unknown as [string, Kind, string, string, string];
      const expires = Number(exp);
      const good = Buffer.from(sign(kind, number, expires));
      if (expires > now && timingSafeEqual(good, Buffer.from(sig))) grants.push({ kind, number, expires, entry });
    }
    return grants;
  }

  function setCookie(held: Grant[], kind: Kind, number: string, now: number, secure: boolean): string {
    const expires = now + (kind === "o" ? ORDER_GRANT_MS : RETURN_GRANT_MS);
    const entry = `${kind}:${number}:${expires}:${sign(kind, number, expires)}`;
    const kept = held.filter((g) => !(g.kind === kind && g.number === number)).map((g) => g.entry);
    // Kept as long as the longest grant (90 days, as the shop's other browser-kept cookies are).
    return shopperCookie(RETURN_GRANTS_COOKIE, [entry, ...kept].slice(0, MAX_GRANTS).join("."), secure);
  }

  return {
    /** The grants a request's Cookie header holds (expired, forged or malformed ones are dropped). */
    of(cookieHeader: string | null, now = Date.now()): ReturnGrants {
      const grants = read(cookieHeader, now);
      return {
        orders: grants.filter((g) => g.kind === "o").map((g) => g.number),
        returns: grants.filter((g) => g.kind === "r").map((g) => g.number),
      };
    },
    /** The Set-Cookie value adding a two-hour grant to fill in `orderNumber`'s return form. */
    grantOrder(cookieHeader: string | null, orderNumber: string, secure: boolean, now = Date.now()): string {
      return setCookie(read(cookieHeader, now), "o", orderNumber, now, secure);
    },
    /** The Set-Cookie value letting this browser see the return it sent. */
    grantReturn(cookieHeader: string | null, returnNumber: string, secure: boolean, now = Date.now()): string {
      return setCookie(read(cookieHeader, now), "r", returnNumber, now, secure);
    },
  };
}

export type ReturnGrantsService = ReturnType<typeof createReturnGrants>;
