import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { INVALID_EMAIL, SELECT_GENRE, SUBSCRIBED_TEXT, ALREADY_TEXT } from "../../app/domain/newsletter/newsletter-schema";
import { discountCodes, emailOutbox, subscribers } from "../../db/schema";
import { useTestApp } from "../../tests/setup/http";
import { CODE_PATTERN } from "../services/newsletter";
import { tablesHolding } from "../../tests/setup/db-scan";
import { lastMailTo } from "../../tests/setup/mail-dir";

// The newsletter calls of spec §7 and VinylBot's lookup, over real HTTP against a temporary database.
// Mail is "sent" into this folder (MAIL_DIR), so a test can read the delivered message.
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-newsletter-mail-"));
// Every subscriber here signs up from one test address: the sign-up limit has its own test.
const shop = useTestApp({
  name: "newsletter",
  database: "seeded",
  startEnv: { SMTP_URL: undefined, PUBLIC_ORIGIN: undefined, MAIL_DIR: mailDir, RATE_LIMIT_FACTOR: "100" },
});
afterAll(() => fs.rmSync(mailDir, { recursive: true, force: true }));

async function call(method: "GET" | "POST", url: string, { body, cookie }: { body?: unknown; cookie?: string | null } = {}) {
  const headers: Record<string, string> = { origin: shop.base };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (cookie) headers.cookie = cookie;
  const res = await fetch(`${shop.base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { res, text, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

const subscribe = (body: unknown, cookie?: string | null) => call("POST", "/api/subscribe", { body, cookie });
const lookupCode = (email: string, cookie?: string | null) =>
  call("GET", `/api/subscribers/email/${encodeURIComponent(email)}`, { cookie });

/** The `nl_sub=…` pair of a response's Set-Cookie, to send back as a Cookie header. */
function ownerCookie(res: Response): string | null {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("nl_sub="));
  return header ? header.split(";")[0]! : null;
}

function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!header) throw new Error("no session cookie");
  return header.split(";")[0]!;
}

describe("POST /api/subscribe", () => {
  let cookie: string | null = null;
  let code = "";

  it("answers 201 with message, alreadySubscribed, discountCode and subscriber; sets the HttpOnly owner cookie; no-store", async () => {
    const r = await subscribe({ email: "  Dee@Example.com ", favoriteGenre: "Soul" });
    expect(r.res.status).toBe(201);
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    code = r.body.discountCode;
    expect(code).toMatch(CODE_PATTERN);
    expect(r.body).toEqual({
      message: SUBSCRIBED_TEXT,
      alreadySubscribed: false,
      discountCode: code,
      subscriber: { email: "dee@example.com", favoriteGenre: "Soul", discountCode: code },
    });
    const header = r.res.headers.getSetCookie().find((c) => c.startsWith("nl_sub="))!;
    expect(header).toMatch(/; HttpOnly; SameSite=Lax$/);
    cookie = ownerCookie(r.res);
  });

  it("answers 200 already subscribed: the code for the subscribing browser only", async () => {
    const theirs = await subscribe({ email: "DEE@example.com", favoriteGenre: "Rock" }, cookie);
    expect(theirs.res.status).toBe(200);
    expect(theirs.body).toEqual({
      message: ALREADY_TEXT,
      alreadySubscribed: true,
      discountCode: code,
      subscriber: { email: "dee@example.com", favoriteGenre: "Soul", discountCode: code },
    });
    const someoneElse = await subscribe({ email: "dee@example.com", favoriteGenre: "Rock" });
    expect(someoneElse.res.status).toBe(200);
    expect(someoneElse.body).toEqual({
      message: ALREADY_TEXT,
      alreadySubscribed: true,
      discountCode: null,
      subscriber: { email: "dee@example.com", favoriteGenre: null, discountCode: null },
    });
    expect(someoneElse.text).not.toContain(code);
    expect(ownerCookie(someoneElse.res)).toBeNull();
  });

  it("answers 400 with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [{ email: "nope", favoriteGenre: "Jazz" }, INVALID_EMAIL],
      [{ email: "eve@example.com", favoriteGenre: "" }, SELECT_GENRE],
      [{ favoriteGenre: "Jazz" }, INVALID_EMAIL],
      [{}, INVALID_EMAIL],
      [[1, 2], INVALID_EMAIL],
    ];
    for (const [body, message] of cases) {
      const r = await subscribe(body);
      expect(r.res.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toEqual({ error: message, message });
      expect(ownerCookie(r.res)).toBeNull();
    }
    expect((await call("POST", "/api/subscribe")).res.status).toBe(400);
  });

  it("refuses a cross-site sign-up (Origin check)", async () => {
    const res = await fetch(`${shop.base}/api/subscribe`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "csrf@example.com", favoriteGenre: "Jazz" }),
    });
    expect(res.status).toBe(403);
  });
});

describe("50 simultaneous sign-ups of one address", () => {
  it("make one subscriber, one code and one welcome mail; exactly one answer is 201", async () => {
    const variants = ["race@example.com", "RACE@example.com", " Race@Example.com "];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => subscribe({ email: variants[i % variants.length], favoriteGenre: "Jazz" })),
    );
    const statuses = answers.map((a) => a.res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    const rows = shop.t.db.select().from(subscribers).where(eq(subscribers.email, "race@example.com")).all();
    expect(rows).toHaveLength(1);
    const codes = shop.t.db.select().from(discountCodes).where(eq(discountCodes.subscriberId, rows[0]!.id)).all();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code).toBe(rows[0]!.discountCode);
    const mails = shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "race@example.com")).all();
    expect(mails).toHaveLength(1);
    // Only the winner saw the code.
    const seen = answers.map((a) => a.body.discountCode).filter(Boolean);
    expect(seen).toEqual([rows[0]!.discountCode]);
  });
});

describe("GET /api/subscribers/email/{email}", () => {
  it("answers 404 to a stranger and 200 { email, discountCode } to the subscribing browser; no-store", async () => {
    const r = await subscribe({ email: "fay+news@example.com", favoriteGenre: "Folk" });
    const cookie = ownerCookie(r.res)!;
    const stranger = await lookupCode("fay+news@example.com");
    expect(stranger.res.status).toBe(404);
    expect(stranger.body).toEqual({ error: "Subscriber not found", message: "Subscriber not found" });
    expect(stranger.text).not.toContain(r.body.discountCode);
    // The same 404 for an address nobody subscribed.
    expect((await lookupCode("ghost@example.com")).body).toEqual(stranger.body);

    const mine = await lookupCode("FAY+news@example.com", cookie);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get("cache-control")).toBe("no-store");
    expect(mine.body).toEqual({ email: "fay+news@example.com", discountCode: r.body.discountCode });

    // The cookie vouches for its own address only, and cannot be re-pointed at another.
    expect((await lookupCode("dee@example.com", cookie)).res.status).toBe(404);
    const [, value] = cookie.split("=");
    const forged = `nl_sub=${Buffer.from("dee@example.com").toString("base64url")}.${value!.split(".")[1]}`;
    expect((await lookupCode("dee@example.com", forged)).res.status).toBe(404);
  });

  it("answers 200 to the signed-in owner of the address, in any browser", async () => {
    const sub = await subscribe({ email: "gus@example.com", favoriteGenre: "Punk" });
    const reg = await call("POST", "/api/register", {
      body: { username: "gusgus", email: "Gus@Example.com", password: "secret-password" },
    });
    expect(reg.res.status).toBe(201);
    const session = sessionCookie(reg.res);
    const owner = await lookupCode("gus@example.com", session);
    expect(owner.res.status).toBe(200);
    expect(owner.body).toEqual({ email: "gus@example.com", discountCode: sub.body.discountCode });
    // Signed in as someone else: 404.
    expect((await lookupCode("dee@example.com", session)).res.status).toBe(404);
    // Already subscribed, signed in as the owner: the code comes with the answer.
    const again = await subscribe({ email: "gus@example.com", favoriteGenre: "Punk" }, session);
    expect(again.body).toMatchObject({ alreadySubscribed: true, discountCode: sub.body.discountCode });
  });
});

/** The welcome mail delivered to `email` (into MAIL_DIR) and its unsubscribe token. */
async function delivered(email: string) {
  await expect.poll(() => lastMailTo(mailDir, email)).toBeDefined();
  const mail = lastMailTo(mailDir, email)!;
  return { mail, token: /\/unsubscribe\?token=([a-z2-7]{32})/.exec(mail.text)?.[1] ?? "" };
}

/** What a mail client sends for RFC 8058 one-click: no Origin header, no cookies, the one field. */
function oneClick(query: string, body = "List-Unsubscribe=One-Click", contentType = "application/x-www-form-urlencoded") {
  return fetch(`${shop.base}/unsubscribe${query}`, { method: "POST", headers: { "content-type": contentType }, body });
}

const isSubscribed = (email: string) =>
  shop.t.db.select().from(subscribers).where(eq(subscribers.email, email)).get()?.unsubscribedAt === null;

describe("welcome mail", () => {
  it("carries the code and an unsubscribe link that works once; the outbox keeps no token", async () => {
    const r = await subscribe({ email: "hal@example.com", favoriteGenre: "Blues" });
    const { mail, token } = await delivered("hal@example.com");
    expect(mail.text).toContain(r.body.discountCode);
    // Links come from configuration (PUBLIC_ORIGIN unset: localhost), never from the request.
    expect(mail.text).toContain(`http://localhost:3000/unsubscribe?token=${token}`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    await expect
      .poll(() => shop.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "hal@example.com")).get()?.status)
      .toBe("sent");
    expect(tablesHolding(shop.t.db, token)).toEqual([]);
    const { newsletter } = (await import("../services")).createServices(shop.t.db, { mediaDir: shop.mediaDir });
    expect(newsletter.unsubscribe(token)).toEqual({ email: "hal@example.com" });
    expect(() => newsletter.unsubscribe(token)).toThrow(/invalid or has already been used/);
  });
});

describe("RFC 8058 one-click unsubscribe (POST without Origin)", () => {
  it("unsubscribes for a valid token, once, form-encoded or multipart", async () => {
    await subscribe({ email: "one-click@example.com", favoriteGenre: "Jazz" });
    const { token } = await delivered("one-click@example.com");
    expect(isSubscribed("one-click@example.com")).toBe(true);
    const r = await oneClick(`?token=${token}`);
    expect(r.status).toBe(200);
    expect(isSubscribed("one-click@example.com")).toBe(false);
    expect((await oneClick(`?token=${token}`)).status).toBe(400);

    await subscribe({ email: "multipart@example.com", favoriteGenre: "Jazz" });
    const second = await delivered("multipart@example.com");
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await fetch(`${shop.base}/unsubscribe?token=${second.token}`, { method: "POST", body: form });
    expect(multipart.status).toBe(200);
    expect(isSubscribed("multipart@example.com")).toBe(false);
  });

  it("refuses an unknown or malformed token, a missing token and any other body, changing nothing", async () => {
    await subscribe({ email: "stays@example.com", favoriteGenre: "Soul" });
    const { token } = await delivered("stays@example.com");
    const before = JSON.stringify(shop.t.db.select().from(subscribers).all());
    for (const query of ["?token=abcdefghijklmnopqrstuvwxyz234567", "?token=not-a-token", `?token=${token.toUpperCase()}`]) {
      const r = await oneClick(query);
      expect(r.status, query).toBe(400);
    }
    // No token: the Origin check answers, as for any other mutation without Origin.
    expect((await oneClick("")).status).toBe(403);
    expect((await oneClick(`?token=${token}&token=${token}`)).status).toBe(403);
    // The right token with another body, or more than the one field: refused.
    expect((await oneClick(`?token=${token}`, "")).status).toBe(400);
    expect((await oneClick(`?token=${token}`, "List-Unsubscribe=Yes")).status).toBe(400);
    expect((await oneClick(`?token=${token}`, "List-Unsubscribe=One-Click&email=x")).status).toBe(400);
    expect((await oneClick(`?token=${token}`, '{"List-Unsubscribe":"One-Click"}', "application/json")).status).toBe(400);
    expect((await oneClick(`?token=${token}`, "x".repeat(10_000))).status).toBe(413);
    // Another path, or a foreign Origin: the Origin check refuses it.
    expect(
      (await fetch(`${shop.base}/unsubscribe/?token=${token}`, { method: "POST", body: "List-Unsubscribe=One-Click" })).status,
    ).toBe(403);
    const foreign = await fetch(`${shop.base}/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(shop.t.db.select().from(subscribers).all())).toBe(before);
    expect(isSubscribed("stays@example.com")).toBe(true);
  });

  it("exempts nothing else: other mutations without Origin, even carrying a token, are still refused", async () => {
    const before = shop.t.db.select().from(subscribers).all().length;
    const { token } = await delivered("stays@example.com");
    const attempts = [
      fetch(`${shop.base}/api/subscribe?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "sneaky@example.com", favoriteGenre: "Jazz" }),
      }),
      fetch(`${shop.base}/newsletter?token=${token}`, { method: "POST", body: "List-Unsubscribe=One-Click" }),
      fetch(`${shop.base}/unsubscribe.data?token=${token}`, { method: "POST", body: "List-Unsubscribe=One-Click" }),
      fetch(`${shop.base}/trpc/subscribe.create?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "sneaky@example.com", favoriteGenre: "Jazz" }),
      }),
      fetch(`${shop.base}/unsubscribe?token=${token}`, { method: "PUT", body: "List-Unsubscribe=One-Click" }),
      fetch(`${shop.base}/unsubscribe?token=${token}`, { method: "DELETE" }),
    ];
    for (const r of await Promise.all(attempts)) expect(r.status, r.url).toBe(403);
    expect(shop.t.db.select().from(subscribers).all().length).toBe(before);
    expect(isSubscribed("stays@example.com")).toBe(true);
  });
});

describe("tRPC subscribe.create", () => {
  it("answers like POST /api/subscribe, with field errors for bad input", async () => {
    const ok = await call("POST", "/trpc/subscribe.create", { body: { email: "Ivy@example.com", favoriteGenre: "House" } });
    expect(ok.res.status).toBe(200);
    expect(ok.body.result.data).toMatchObject({
      message: SUBSCRIBED_TEXT,
      alreadySubscribed: false,
      subscriber: { email: "ivy@example.com", favoriteGenre: "House" },
    });
    expect(ok.body.result.data.discountCode).toMatch(CODE_PATTERN);
    expect(ok.body.result.data.created).toBeUndefined();
    const again = await call("POST", "/trpc/subscribe.create", { body: { email: "ivy@example.com", favoriteGenre: "House" } });
    expect(again.body.result.data).toMatchObject({ alreadySubscribed: true, discountCode: null });
    const bad = await call("POST", "/trpc/subscribe.create", { body: { email: "x", favoriteGenre: "" } });
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.data.zodError.fieldErrors).toEqual({ email: [INVALID_EMAIL], favoriteGenre: [SELECT_GENRE] });
  });
});

describe("GET /api/chat/lookup", () => {
  it("answers a record named in a message with its stock wording and page", async () => {
    const r = await call("GET", `/api/chat/lookup?q=${encodeURIComponent("Is Blue Train in stock?")}`);
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get("cache-control")).toBe("private, no-cache");
    expect(r.body).toMatchObject({ query: "Is Blue Train in stock?", kind: "record" });
    expect(r.body.reply).toMatch(/^"Blue Train" by John Coltrane is (In Stock|Running Low|Not In Stock|a Pre-Order)/);
    expect(r.body.links[0].href).toMatch(/^\/vinyl\/\d+-john-coltrane-blue-train$/);
  });

  it("answers kind 'none' when nothing is named, 400 without a question", async () => {
    expect((await call("GET", "/api/chat/lookup?q=hello")).body).toMatchObject({ kind: "none", reply: null, matches: [] });
    expect((await call("GET", "/api/chat/lookup")).res.status).toBe(400);
    expect((await call("GET", "/api/chat/lookup?q=%20%20")).res.status).toBe(400);
    expect((await call("GET", `/api/chat/lookup?q=${"a".repeat(501)}`)).res.status).toBe(400);
  });
});
