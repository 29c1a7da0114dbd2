import { describe, expect, it } from "vitest";
import { clearSessionCookie, readSessionToken, serializeSessionCookie, sessionCookieName } from "./cookies";
import { generateToken } from "./tokens";

const token = generateToken();

describe("session cookie", () => {
  it("is `session` over http and `__Host-session` over https", () => {
    expect(sessionCookieName(false)).toBe("session");
    expect(sessionCookieName(true)).toBe("__Host-session");
  });

  it("over http: HttpOnly, SameSite=Lax, Path=/, Max-Age, no Secure, no Domain", () => {
    const cookie = serializeSessionCookie(token, { secure: false, maxAgeSeconds: 604800 });
    expect(cookie).toBe(`session=${token}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax`);
    expect(cookie).not.toMatch(/Secure|Domain/i);
  });

  it("over https: the __Host- prefix with Secure", () => {
    const cookie = serializeSessionCookie(token, { secure: true, maxAgeSeconds: 100.9 });
    expect(cookie).toBe(`__Host-session=${token}; Path=/; Max-Age=100; HttpOnly; SameSite=Lax; Secure`);
  });

  it("clears with an empty value and Max-Age=0, under the same name and attributes", () => {
    expect(clearSessionCookie(false)).toBe("session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    expect(clearSessionCookie(true)).toBe("__Host-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
  });
});

describe("readSessionToken", () => {
  it("finds the token among other cookies", () => {
    expect(readSessionToken(`theme=dark; session=${token}; cart=1`, false)).toBe(token);
    expect(readSessionToken(`__Host-session=${token}`, true)).toBe(token);
  });

  it("reads only the name of the request's scheme", () => {
    expect(readSessionToken(`session=${token}`, true)).toBeNull();
    expect(readSessionToken(`__Host-session=${token}`, false)).toBeNull();
    expect(readSessionToken(`xsession=${token}; mysession=${token}`, false)).toBeNull();
  });

  it("ignores a missing header and malformed tokens", () => {
    expect(readSessionToken(undefined, false)).toBeNull();
    expect(readSessionToken("", false)).toBeNull();
    expect(readSessionToken("session=", false)).toBeNull();
    expect(readSessionToken("session=not-a-token", false)).toBeNull();
    expect(readSessionToken(`session=${token.toUpperCase()}`, false)).toBeNull();
    expect(readSessionToken(`session=${token}x`, false)).toBeNull();
  });

  it("takes the first of two same-named cookies", () => {
    const other = generateToken();
    expect(readSessionToken(`session=${token}; session=${other}`, false)).toBe(token);
  });
});
