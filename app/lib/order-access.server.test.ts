import { describe, expect, it } from "vitest";
import { MAX_ORDER_TOKENS, ORDER_ACCESS_COOKIE, parseOrderTokens } from "~/domain/orders/order-access";
import { orderAccessCookie, readOrderTokens } from "./order-access.server";

const token = (n: number) => `token-${String(n).padStart(4, "0")}-abcdefghij`;
const requestWith = (cookie?: string) =>
  new Request("http://shop.test/checkout", cookie === undefined ? {} : { headers: { Cookie: cookie } });

describe("reading the order-access cookie", () => {
  it("reads nothing when there is no cookie", () => {
    expect(readOrderTokens(requestWith())).toEqual([]);
    expect(readOrderTokens(requestWith("needledrop-cart=1x2"))).toEqual([]);
    expect(parseOrderTokens("")).toEqual([]);
  });

  it("reads the tokens among other cookies, in order", () => {
    const request = requestWith(`a=1; ${ORDER_ACCESS_COOKIE}=${token(1)}.${token(2)}; b=2`);
    expect(readOrderTokens(request)).toEqual([token(1), token(2)]);
  });

  it("drops anything that is not a token, and repeats", () => {
    const tooShort = "abc";
    const tooLong = "x".repeat(65);
    const raw = [token(1), tooShort, "has space in it here", tooLong, "<script>alert(1)</script>", token(1), token(2)].join(".");
    expect(parseOrderTokens(raw)).toEqual([token(1), token(2)]);
    expect(parseOrderTokens("....")).toEqual([]);
    expect(parseOrderTokens("%E0%A4%A")).toEqual([]);
  });

  it("accepts the boundary lengths 16 and 64 only", () => {
    expect(parseOrderTokens("a".repeat(16))).toEqual(["a".repeat(16)]);
    expect(parseOrderTokens("a".repeat(15))).toEqual([]);
    expect(parseOrderTokens("a".repeat(64))).toEqual(["a".repeat(64)]);
  });

  it("reads a UUID, the form key checkout uses", () => {
    const uuid = "0b6f2c1e-8f4a-4c7e-9d2b-3a1f5e6c7d80";
    expect(parseOrderTokens(uuid)).toEqual([uuid]);
  });

  it("keeps at most 5", () => {
    const raw = Array.from({ length: 8 }, (_, i) => token(i)).join(".");
    expect(MAX_ORDER_TOKENS).toBe(5);
    expect(parseOrderTokens(raw)).toEqual([token(0), token(1), token(2), token(3), token(4)]);
  });
});

describe("the Set-Cookie that adds a token", () => {
  it("builds the Set-Cookie: HttpOnly, SameSite=Lax, Path=/, 30 days, Secure over https", () => {
    const cookie = orderAccessCookie(requestWith(`${ORDER_ACCESS_COOKIE}=${token(1)}`), token(2), false);
    expect(cookie).toBe(`${ORDER_ACCESS_COOKIE}=${token(2)}.${token(1)}; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly`);
    expect(orderAccessCookie(requestWith(), token(2), true)).toMatch(/; HttpOnly; Secure$/);
  });

  it("replaces a tampered cookie with a clean one", () => {
    const cookie = orderAccessCookie(requestWith(`${ORDER_ACCESS_COOKIE}=<junk>.${token(1)}`), token(2), false);
    expect(cookie.split(";")[0]).toBe(`${ORDER_ACCESS_COOKIE}=${token(2)}.${token(1)}`);
  });
});
