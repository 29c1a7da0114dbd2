import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createServices } from "../../../server/services";
import { insertRecord, useShopServices } from "../../../tests/setup/shop-fixtures";
import {
  cookies,
  cookieValue,
  formPost,
  newCustomer,
  pageGet,
  routeArgs,
  sessionOf,
  setCookieOf,
  settle,
  toastOf,
} from "../../../tests/setup/route-context";
import { action, loader } from "./auth";

const shop = useShopServices();
const call = (request: Request, clientIp?: string) => routeArgs({ db: shop.t.db, services: shop.s }, request, { clientIp });

const login = (fields: Record<string, string>, cookie?: string) => formPost("/auth", { intent: "login", ...fields }, cookie);
const register = (fields: Record<string, string>, cookie?: string) =>
  formPost("/auth", { intent: "register", ...fields }, cookie);

/** The user a session cookie set by a response signs in, or null. */
function signedInBy(headers: Headers): number | null {
  const token = cookieValue(setCookieOf(headers, "session"));
  if (!token) return null;
  return shop.s.sessions.validate(token)?.user.id ?? null;
}

let people = 0;
const freshName = () => `visitor${process.pid}n${++people}`;

describe("auth loader", () => {
  it("shows the login tab with a safe redirectTo to a visitor", async () => {
    const out = await settle(() => loader(call(pageGet("/auth?tab=register&redirectTo=%2Fcheckout"))));
    expect(out.data).toMatchObject({ tab: "register", redirectTo: "/checkout" });
    const offsite = await settle(() => loader(call(pageGet("/auth?redirectTo=https%3A%2F%2Fevil.example%2F"))));
    expect(offsite.data).toMatchObject({ tab: "login", redirectTo: "/" });
  });

  it("sends someone already signed in on to redirectTo", async () => {
    const { user } = await newCustomer(shop.s);
    const out = await settle(() => loader(call(pageGet("/auth?redirectTo=%2Ffavorites", sessionOf(shop.s, user.id).cookie))));
    expect(out.thrown).toBe(true);
    expect(out.status).toBe(302);
    expect(out.location).toBe("/favorites");
  });
});

describe("logging in", () => {
  it("signs in with a 303 to redirectTo, a session cookie and the welcome toast", async () => {
    const { user, password } = await newCustomer(shop.s);
    const out = await settle(() => action(call(login({ username: user.username, password, redirectTo: "/favorites" }))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/favorites");
    expect(setCookieOf(out.headers, "session")).toMatch(/HttpOnly/);
    expect(signedInBy(out.headers)).toBe(user.id);
    expect(await toastOf(out.headers)).toEqual({
      type: "success",
      title: "Login successful",
      description: `Welcome back, ${user.username}!`,
    });
  });

  it.each([["https://evil.example/steal"], ["//evil.example/steal"], ["/auth"], [""]])(
    "ignores redirectTo %j and goes home",
    async (redirectTo) => {
      const { user, password } = await newCustomer(shop.s);
      const out = await settle(() => action(call(login({ username: user.username, password, redirectTo }))));
      expect(out.status).toBe(303);
      expect(out.location).toBe("/");
    },
  );

  it("starts a new session: the one the browser had before ends", async () => {
    const { user, password } = await newCustomer(shop.s);
    const before = sessionOf(shop.s, user.id);
    const out = await settle(() => action(call(login({ username: user.username, password }, before.cookie))));
    expect(out.status).toBe(303);
    expect(shop.s.sessions.validate(before.token)).toBeNull();
    expect(signedInBy(out.headers)).toBe(user.id);
  });

  it("a wrong password answers 400 with 'Invalid username or password' and no session cookie", async () => {
    const { user } = await newCustomer(shop.s);
    const out = await settle(() => action(call(login({ username: user.username, password: "not the password" }))));
    expect(out.status).toBe(400);
    expect(out.data?.intent).toBe("login");
    expect(out.data?.result.error).toEqual({ "": ["Invalid username or password"] });
    expect(out.data?.toast).toEqual({ type: "error", title: "Login failed", description: "Invalid username or password" });
    expect(out.data?.result.initialValue).not.toHaveProperty("password");
    expect(setCookieOf(out.headers, "session")).toBeUndefined();
    expect(setCookieOf(out.headers, "toast")).toBeUndefined();
  });

  it("an unknown username gets the same answer as a wrong password", async () => {
    const out = await settle(() => action(call(login({ username: "nobody-by-this-name", password: "whatever1" }))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toEqual({ "": ["Invalid username or password"] });
  });

  it("a form that breaks the rules answers 400 with the field messages", async () => {
    const out = await settle(() => action(call(login({ username: "ab", password: "123" }))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toEqual({
      username: ["Username must be at least 3 characters"],
      password: ["Password must be at least 6 characters"],
    });
  });

  it("after too many failures answers 429 with Retry-After, even for the right password", async () => {
    const strict = createServices(shop.t.db, {
      mediaDir: "",
      rateLimits: { signInPerAccountAndAddress: { limit: 2 } },
    });
    const strictCall = (request: Request) => routeArgs({ db: shop.t.db, services: strict }, request, { clientIp: "192.0.2.44" });
    const { user, password } = await newCustomer(strict);
    for (let i = 0; i < 2; i++) {
      const miss = await settle(() => action(strictCall(login({ username: user.username, password: "wrong-guess" }))));
      expect(miss.status).toBe(400);
    }
    const locked = await settle(() => action(strictCall(login({ username: user.username, password }))));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(locked.data?.toast).toMatchObject({ type: "error", title: "Login failed" });
    expect(locked.data?.result.error?.[""]?.[0]).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
    expect(setCookieOf(locked.headers, "session")).toBeUndefined();
  });

  it("moves a visitor's favourites onto the account and clears the browser's copy", async () => {
    const { user, password } = await newCustomer(shop.s);
    const kept = insertRecord(shop.t.db);
    const liked = [insertRecord(shop.t.db), insertRecord(shop.t.db)];
    shop.s.favourites.add(user.id, kept.id);
    const cookie = `needledrop-favourites=${liked.map((r) => r.id).join(".")}`;
    const out = await settle(() => action(call(login({ username: user.username, password }, cookie))));
    expect(out.status).toBe(303);
    expect([...shop.s.favourites.ids(user.id)].sort((a, b) => a - b)).toEqual(
      [kept.id, ...liked.map((r) => r.id)].sort((a, b) => a - b),
    );
    const cleared = setCookieOf(out.headers, "needledrop-favourites");
    expect(cookieValue(cleared)).toBe("");
    expect(cleared).toContain("Max-Age=0");
  });
});

describe("registering", () => {
  it("creates a customer account and signs it in", async () => {
    const username = freshName();
    const form = {
      username,
      email: `${username}@Example.com`,
      password: "vinyl-forever",
      confirmPassword: "vinyl-forever",
      redirectTo: "/checkout",
    };
    const out = await settle(() => action(call(register(form))));
    expect(out.status).toBe(303);
    expect(out.location).toBe("/checkout");
    const row = shop.t.db.select().from(users).where(eq(users.username, username)).get();
    expect(row).toMatchObject({ email: `${username}@example.com`, role: "customer" });
    expect(signedInBy(out.headers)).toBe(row!.id);
    expect(await toastOf(out.headers)).toEqual({
      type: "success",
      title: "Registration successful",
      description: `Welcome to Needledrop, ${username}!`,
    });
  });

  it("a taken username answers 409 and signs nobody in", async () => {
    const { user } = await newCustomer(shop.s);
    const form = {
      username: user.username,
      email: `${freshName()}@example.com`,
      password: "vinyl-forever",
      confirmPassword: "vinyl-forever",
    };
    const out = await settle(() => action(call(register(form))));
    expect(out.status).toBe(409);
    expect(out.data?.intent).toBe("register");
    expect(out.data?.result.error).toEqual({ "": [`The username "${user.username}" is already taken.`] });
    expect(out.data?.toast).toMatchObject({ type: "error", title: "Registration failed" });
    expect(setCookieOf(out.headers, "session")).toBeUndefined();
  });

  it("mismatched passwords answer 400 with 'Passwords do not match' on confirmPassword, and no account is made", async () => {
    const username = freshName();
    const form = { username, email: `${username}@example.com`, password: "vinyl-forever", confirmPassword: "vinyl-for-ever" };
    const out = await settle(() => action(call(register(form))));
    expect(out.status).toBe(400);
    expect(out.data?.result.error).toEqual({ confirmPassword: ["Passwords do not match"] });
    expect(out.data?.result.initialValue).not.toHaveProperty("password");
    expect(out.data?.result.initialValue).not.toHaveProperty("confirmPassword");
    expect(shop.t.db.select().from(users).where(eq(users.username, username)).get()).toBeUndefined();
  });

  it("moves a visitor's favourites onto the new account and clears the browser's copy", async () => {
    const username = freshName();
    const liked = [insertRecord(shop.t.db), insertRecord(shop.t.db)];
    // A record the shop no longer has (999999999) is skipped; the cart cookie is not the sign-in's business.
    const cookie = cookies(
      `needledrop-cart=${liked[0]!.id}x1`,
      `needledrop-favourites=${liked.map((r) => r.id).join(".")}.999999999`,
    );
    const form = { username, email: `${username}@example.com`, password: "vinyl-forever", confirmPassword: "vinyl-forever" };
    const out = await settle(() => action(call(register(form, cookie))));
    expect(out.status).toBe(303);
    const id = signedInBy(out.headers)!;
    expect([...shop.s.favourites.ids(id)].sort((a, b) => a - b)).toEqual(liked.map((r) => r.id).sort((a, b) => a - b));
    expect(cookieValue(setCookieOf(out.headers, "needledrop-favourites"))).toBe("");
    expect(setCookieOf(out.headers, "needledrop-cart")).toBeUndefined();
  });
});

describe("the sign-in form's name field and the per-address sign-up limit", () => {
  it("signs in with the e-mail address or the username in another case", async () => {
    const { user, password } = await newCustomer(shop.s);
    for (const name of [user.email.toUpperCase(), user.username.toUpperCase()]) {
      const out = await settle(() => action(call(login({ username: name, password }), "192.0.2.61")));
      expect(out.status, name).toBe(303);
      expect(signedInBy(out.headers), name).toBe(user.id);
    }
  });

  it("refuses a username that differs from a taken one only by case", async () => {
    const { user } = await newCustomer(shop.s);
    const form = {
      username: user.username.toUpperCase(),
      email: "case-variant@example.com",
      password: "secret1",
      confirmPassword: "secret1",
    };
    const out = await settle(() => action(call(register(form))));
    expect(out.status).toBe(409);
    expect(out.data?.result.error?.[""]).toEqual([`The username "${form.username}" is already taken.`]);
  });

  it("past the limit, registration answers 429 with Retry-After and a message saying when to try again", async () => {
    const strict = createServices(shop.t.db, { mediaDir: "", rateLimits: { registrationsPerAddress: { limit: 1 } } });
    const strictCall = (request: Request) => routeArgs({ db: shop.t.db, services: strict }, request, { clientIp: "192.0.2.45" });
    const form = (name: string) => ({
      username: name,
      email: `${name}@example.com`,
      password: "secret1",
      confirmPassword: "secret1",
    });
    expect((await settle(() => action(strictCall(register(form("limited-first")))))).status).toBe(303);
    const refused = await settle(() => action(strictCall(register(form("limited-second")))));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(55 * 60);
    const message = refused.data?.result.error?.[""]?.[0];
    // A 60-minute window counted in 5-minute buckets: the wait is 60 to 65 minutes.
    expect(message).toMatch(/^Too many new accounts from your network\. Try again in 6[0-5] minutes\.$/);
    expect(refused.data?.toast).toEqual({ type: "error", title: "Registration failed", description: message });
    expect(shop.t.db.select().from(users).where(eq(users.username, "limited-second")).get()).toBeUndefined();
  });
});
