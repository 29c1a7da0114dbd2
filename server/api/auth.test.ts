import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, passwordResetTokens, sessions, users } from "../../db/schema";
import { listen } from "../../tests/setup/http";
import { startSmtpCatcher, type SmtpCatcher } from "../../tests/setup/smtp";
import { seededTestDb, type TestDb } from "../../tests/setup/test-db";
import { createApp } from "../app";
import { passwordStats } from "../auth/password";
import { hashToken } from "../auth/tokens";
import { INVALID_RESET_LINK, RESET_REQUESTED } from "../../app/domain/accounts/auth-schemas";
import { createAccount } from "../services/accounts";
import { createServices } from "../services";
import { TOKEN_SLOT } from "../mail/links";
import { tablesHolding } from "../../tests/setup/db-scan";
import { giveTwoFactor } from "../../tests/setup/two-factor";

// The account calls of spec §7 over real HTTP, against a temporary database. TRUST_PROXY=loopback lets a
// test act as https (X-Forwarded-Proto) or as another client address (X-Forwarded-For). (Not "1": Express
// reads a string as an address list, so "1" trusts no proxy; see the report on server/app.ts.)
let t: TestDb;
let base: string;
let close: () => Promise<void>;
let smtp: SmtpCatcher;
let mailBase: string;
let closeMailApp: () => Promise<void>;
const PUBLIC_ORIGIN = "https://shop.example";
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-auth-media-"));
const pages = (_req: unknown, res: { status: (n: number) => { send: (s: string) => void } }) =>
  res.status(404).send("no pages here");

beforeAll(async () => {
  process.env.ACCESS_LOG = "off";
  process.env.MEDIA_DIR = mediaDir;
  process.env.TRUST_PROXY = "loopback";
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_ORIGIN;
  t = await seededTestDb();
  ({ url: base, close } = await listen(createApp({ db: t.db, pages: pages as never })));
  // A second app on the same database whose mail goes out over SMTP to the catcher.
  // It is configured with its public address, as production should be.
  smtp = await startSmtpCatcher();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_ORIGIN = PUBLIC_ORIGIN;
  ({ url: mailBase, close: closeMailApp } = await listen(createApp({ db: t.db, pages: pages as never })));
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_ORIGIN;
});

afterAll(async () => {
  await close();
  await closeMailApp();
  await smtp.close();
  delete process.env.TRUST_PROXY;
  t.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

interface CallOptions {
  cookie?: string | null;
  https?: boolean;
  ip?: string;
  app?: string;
}

function headersFor(app: string, { cookie, https, ip }: CallOptions): Record<string, string> {
  const h: Record<string, string> = { origin: https ? app.replace("http:", "https:") : app };
  if (cookie) h.cookie = cookie;
  if (https) h["x-forwarded-proto"] = "https";
  if (ip) h["x-forwarded-for"] = ip;
  return h;
}

async function post(path: string, body: unknown, options: CallOptions = {}) {
  const app = options.app ?? base;
  const res = await fetch(`${app}${path}`, {
    method: "POST",
    headers: { ...headersFor(app, options), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // No answer may ever carry a password hash.
  expect(text).not.toContain("$argon2");
  expect(text).not.toContain("passwordHash");
  return { res, text, body: text ? JSON.parse(text) : null };
}

async function get(path: string, options: CallOptions = {}) {
  const app = options.app ?? base;
  const res = await fetch(`${app}${path}`, { headers: headersFor(app, options) });
  const text = await res.text();
  expect(text).not.toContain("$argon2");
  return { res, text, body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null };
}

/** The `name=value` part of the session Set-Cookie, to send back as a Cookie header. */
function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => /^(__Host-)?session=[a-z2-7]{32};/.test(c));
  if (!header) throw new Error(`no session cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  return header.split(";")[0]!;
}
const tokenOf = (cookie: string) => cookie.split("=")[1]!;

/** A POST whose Host and Origin both name another site (fetch cannot forge Host). Returns the status. */
function postWithForgedHost(app: string, path: string, body: unknown): Promise<number> {
  const { hostname, port } = new URL(app);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: { host: "evil.example", origin: "http://evil.example", "content-type": "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function register(username: string, password = "secret-password") {
  const r = await post("/api/register", { username, email: `${username}@example.com`, password }, { ip: freshIp() });
  expect(r.res.status).toBe(201);
  return { user: r.body, cookie: sessionCookie(r.res) };
}

async function login(username: string, password = "secret-password", options: CallOptions = {}) {
  return post("/api/login", { username, password }, { ip: freshIp(), ...options });
}

describe("register", () => {
  it("answers 201 with the user, signed in, no-store, without confirmPassword and without secrets", async () => {
    const r = await post("/api/register", {
      username: "alice",
      email: "Alice@Example.com",
      password: "secret-password",
      firstName: "Alice",
      country: "United Kingdom",
    });
    expect(r.res.status).toBe(201);
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toMatchObject({ username: "alice", email: "alice@example.com", role: "customer", firstName: "Alice" });
    expect(Object.keys(r.body).sort()).toEqual(
      [
        "address",
        "city",
        "country",
        "createdAt",
        "email",
        "favoriteGenres",
        "firstName",
        "id",
        "lastName",
        "phone",
        "role",
        "state",
        "username",
        "zipCode",
      ].sort(),
    );
    const cookie = sessionCookie(r.res);
    expect(r.text).not.toContain(tokenOf(cookie));
    const me = await get("/api/user", { cookie });
    expect(me.res.status).toBe(200);
    expect(me.body).toEqual(r.body);
  });

  it("refuses a taken username or email with 409, and bad fields with 400 and the spec's messages", async () => {
    const taken = await post("/api/register", { username: "alice", email: "other@example.com", password: "secret-password" });
    expect(taken.res.status).toBe(409);
    expect(taken.body).toEqual({
      error: 'The username "alice" is already taken.',
      message: 'The username "alice" is already taken.',
    });
    const email = await post("/api/register", { username: "alice2", email: "ALICE@example.com", password: "secret-password" });
    expect(email.res.status).toBe(409);
    expect(email.body.error).toBe("An account with alice@example.com already exists.");

    const cases: [Record<string, string>, string][] = [
      [{ username: "al", email: "al@example.com", password: "secret-password" }, "Username must be at least 3 characters"],
      [{ username: "alan", email: "not-an-email", password: "secret-password" }, "Invalid email address"],
      [{ username: "alan", email: "alan@example.com", password: "12345" }, "Password must be at least 6 characters"],
    ];
    for (const [body, message] of cases) {
      const r = await post("/api/register", body);
      expect(r.res.status).toBe(400);
      expect(r.body).toMatchObject({ error: message, message });
      expect(r.res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("never makes an admin, whatever the body says", async () => {
    const r = await post("/api/register", {
      username: "mallory",
      email: "m@example.com",
      password: "secret-password",
      role: "admin",
    });
    expect(r.res.status).toBe(201);
    expect(r.body.role).toBe("customer");
  });
});

describe("session cookie", () => {
  it("over http: `session`, HttpOnly, SameSite=Lax, Path=/, Max-Age of the 7-day session, not Secure", async () => {
    await register("carol");
    const r = await login("carol");
    expect(r.res.status).toBe(200);
    const [header] = r.res.headers.getSetCookie();
    expect(header).toMatch(/^session=[a-z2-7]{32}; Path=\/; Max-Age=(60479\d|604800); HttpOnly; SameSite=Lax$/);
  });

  it("over https: `__Host-session` with Secure; the http cookie name is not read over https", async () => {
    const r = await login("carol", "secret-password", { https: true });
    expect(r.res.status).toBe(200);
    const [header] = r.res.headers.getSetCookie();
    expect(header).toMatch(/^__Host-session=[a-z2-7]{32}; Path=\/; Max-Age=(60479\d|604800); HttpOnly; SameSite=Lax; Secure$/);
    const cookie = sessionCookie(r.res);
    expect((await get("/api/user", { cookie, https: true })).body.username).toBe("carol");
    const plain = `session=${tokenOf(cookie)}`;
    expect((await get("/api/user", { cookie: plain, https: true })).res.status).toBe(401);
    expect((await get("/api/user", { cookie })).res.status).toBe(401); // __Host- cookie over plain http
  });

  it("makes a new session at every sign-in and ends the one it replaces", async () => {
    const first = sessionCookie((await login("carol")).res);
    const again = await login("carol", "secret-password", { cookie: first });
    const second = sessionCookie(again.res);
    expect(second).not.toBe(first);
    expect((await get("/api/user", { cookie: first })).res.status).toBe(401);
    expect((await get("/api/user", { cookie: second })).res.status).toBe(200);
  });

  it("keeps no raw token in the database: every session row is searched", async () => {
    const cookie = sessionCookie((await login("carol")).res);
    const token = tokenOf(cookie);
    const rows = t.db.select().from(sessions).all();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.some((r) => r.id === hashToken(token))).toBe(true);
    const dump = t.db.$client.prepare("SELECT * FROM sessions").all();
    expect(JSON.stringify(dump)).not.toContain(token);
  });
});

describe("GET /api/user and POST /api/logout", () => {
  it("answers 401 `Not signed in` without a cookie, or with an unknown one (which it clears)", async () => {
    const none = await get("/api/user");
    expect(none.res.status).toBe(401);
    expect(none.body.error).toBe("Not signed in");
    expect(none.res.headers.get("cache-control")).toBe("no-store");
    const unknown = await get("/api/user", { cookie: "session=abcdefghijklmnopqrstuvwxyz234567" });
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.headers.getSetCookie()).toEqual(["session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"]);
  });

  it("logs out: 200 { ok: true }, a clearing cookie, and the old cookie no longer works", async () => {
    const cookie = sessionCookie((await login("carol")).res);
    const out = await post("/api/logout", undefined, { cookie });
    expect(out.res.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(out.res.headers.getSetCookie()).toContain("session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    expect(
      t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(tokenOf(cookie))))
        .get(),
    ).toBeUndefined();
    expect((await get("/api/user", { cookie })).res.status).toBe(401);
    // Signed out already: still 200.
    expect((await post("/api/logout", undefined)).res.status).toBe(200);
  });

  it("answers 401 for an expired session (inactivity or absolute) and deletes it", async () => {
    for (const column of ["expiresAt", "absoluteExpiresAt"] as const) {
      const cookie = sessionCookie((await login("carol")).res);
      const id = hashToken(tokenOf(cookie));
      t.db
        .update(sessions)
        .set({ [column]: Date.now() - 1000 })
        .where(eq(sessions.id, id))
        .run();
      expect((await get("/api/user", { cookie })).res.status).toBe(401);
      expect(t.db.select().from(sessions).where(eq(sessions.id, id)).get()).toBeUndefined();
    }
  });

  it("re-sends the cookie when the inactivity deadline slides, and keeps such answers out of shared caches", async () => {
    const cookie = sessionCookie((await login("carol")).res);
    const id = hashToken(tokenOf(cookie));
    t.db
      .update(sessions)
      .set({ expiresAt: Date.now() + 24 * 3600_000 })
      .where(eq(sessions.id, id))
      .run();
    const r = await get("/api/tracks?limit=1", { cookie });
    expect(r.res.status).toBe(200);
    expect(r.res.headers.getSetCookie()[0]).toMatch(new RegExp(`^${cookie}; Path=/; Max-Age=(60479\\d|604800);`));
    expect(r.res.headers.get("cache-control")).toBe("private, no-cache");
    expect(t.db.select().from(sessions).where(eq(sessions.id, id)).get()!.expiresAt).toBeGreaterThan(
      Date.now() + 6 * 24 * 3600_000,
    );
    // Nothing to refresh next time: the public answer is left alone.
    const again = await get("/api/tracks?limit=1", { cookie });
    expect(again.res.headers.getSetCookie()).toEqual([]);
    expect(again.res.headers.get("cache-control")).toBe("public, max-age=300");
  });
});

describe("login", () => {
  it("answers the same 401 for a wrong password and a missing account", async () => {
    const wrong = await login("carol", "wrong-password");
    const missing = await login("no-such-user", "wrong-password");
    expect(wrong.res.status).toBe(401);
    expect(missing.res.status).toBe(401);
    expect(wrong.body).toEqual({ error: "Invalid username or password", message: "Invalid username or password" });
    expect(missing.text).toBe(wrong.text);
    expect(wrong.res.headers.get("cache-control")).toBe("no-store");
    expect(wrong.res.headers.getSetCookie()).toEqual([]);
  });

  it("takes about as long for a missing account as for a wrong password (medians of 10, within noise)", async () => {
    await register("timing-user");
    const time = async (username: string) => {
      const started = performance.now();
      const r = await login(username, "wrong-password");
      expect(r.res.status).toBe(401);
      return performance.now() - started;
    };
    await time("timing-user");
    await time("timing-missing"); // warm up both paths
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 10; i++) {
      existing.push(await time("timing-user"));
      missing.push(await time(`timing-missing-${i}`));
    }
    const ratio = median(missing) / median(existing);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it("rejects a bad body with 400", async () => {
    expect((await post("/api/login", {})).res.status).toBe(400);
    expect((await post("/api/login", { username: "carol", password: "12345" })).body.error).toBe(
      "Password must be at least 6 characters",
    );
    expect((await post("/api/login", { username: "ca", password: "123456" })).body.error).toBe(
      "Username must be at least 3 characters",
    );
  });

  it("a stranger guessing from one address gets 429 with Retry-After after 10 misses, while the owner signs in from another", async () => {
    await register("target");
    const before = passwordStats.verifications;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i < 30; i++) {
      const r = await login("target", `wrong-password-${i}`, { ip: "10.99.0.1" });
      statuses.push(r.res.status);
      if (r.res.status === 429) refused ??= r;
    }
    // Counted under the client's address as a trusted proxy reports it (X-Forwarded-For).
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(passwordStats.verifications - before).toBe(10);
    const retryAfter = Number(refused!.res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60 + 75);
    expect(refused!.body.error).toMatch(/^Too many failed login attempts\. Try again in \d+ minutes\.$/);
    expect(refused!.body.message).toBe(refused!.body.error);
    // The attacker's address is refused even the right password, without a check being run…
    const checks = passwordStats.verifications;
    expect((await login("target", "secret-password", { ip: "10.99.0.1" })).res.status).toBe(429);
    expect(passwordStats.verifications).toBe(checks);
    // …while the owner, from a second address, signs in, by username or by e-mail, as the attack goes on.
    const owner = await login("target", "secret-password", { ip: "192.0.2.80" });
    expect(owner.res.status).toBe(200);
    expect(owner.body.username).toBe("target");
    expect((await login("target", "wrong-password-31", { ip: "10.99.0.1" })).res.status).toBe(429);
    expect((await login("TARGET@example.com", "secret-password", { ip: "192.0.2.81" })).res.status).toBe(200);
    // A missing account is throttled the same way (no enumeration through the limit either).
    for (let i = 0; i < 10; i++)
      expect((await login("ghost-target", "wrong-password", { ip: "10.98.0.1" })).res.status).toBe(401);
    const ghost = await login("ghost-target", "wrong-password", { ip: "10.98.0.1" });
    expect(ghost.res.status).toBe(429);
    expect(Number(ghost.res.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
  });

  it("does not believe X-Forwarded-For without TRUST_PROXY: a spoofed header does not reset the count", async () => {
    delete process.env.TRUST_PROXY;
    const direct = await listen(createApp({ db: t.db, pages: pages as never }));
    process.env.TRUST_PROXY = "loopback";
    try {
      await register("spoof-target");
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await post(
          "/api/login",
          { username: "spoof-target", password: `wrong-${i}-pw` },
          { app: direct.url, ip: `10.66.0.${i}` },
        );
        statuses.push(r.res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe("password change and reset end sessions", () => {
  it("a password change ends every other session and keeps the current one", async () => {
    const { user, cookie: one } = await register("dave");
    const two = sessionCookie((await login("dave")).res);
    const current = sessionCookie((await login("dave")).res);
    // What the profile page's action does: context.services.accounts.changePassword(user.id, context.sessionId, …)
    const accounts = createServices(t.db, { mediaDir }).accounts;
    await accounts.changePassword(user.id, hashToken(tokenOf(current)), {
      currentPassword: "secret-password",
      newPassword: "brand-new-password",
    });
    expect((await get("/api/user", { cookie: one })).res.status).toBe(401);
    expect((await get("/api/user", { cookie: two })).res.status).toBe(401);
    expect((await get("/api/user", { cookie: current })).res.status).toBe(200);
  });
});

describe("password reset", () => {
  it("answers the same for an existing and an unknown e-mail, in about the same time", async () => {
    const known: string[] = [];
    for (let i = 0; i < 11; i++) {
      await createAccount(t.db, {
        username: `reset-timing-${i}`,
        email: `reset-timing-${i}@example.com`,
        password: "secret-password",
      });
      known.push(`reset-timing-${i}@example.com`);
    }
    const time = async (email: string) => {
      const started = performance.now();
      const r = await post("/api/request-password-reset", { email }, { ip: freshIp() });
      const elapsed = performance.now() - started;
      return { elapsed, status: r.res.status, text: r.text, cache: r.res.headers.get("cache-control") };
    };
    const a = await time(known[10]!);
    const b = await time("reset-nobody-warmup@example.com");
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(JSON.parse(a.text)).toEqual({ message: RESET_REQUESTED });
    expect(b.text).toBe(a.text);
    expect(a.cache).toBe("no-store");
    const existing: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 10; i++) {
      existing.push((await time(known[i]!)).elapsed);
      missing.push((await time(`reset-nobody-${i}@example.com`)).elapsed);
    }
    const ratio = median(missing) / median(existing);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // Without SMTP_URL the messages wait in the outbox, their link's token not made yet; without
    // PUBLIC_ORIGIN the link points at localhost, never at the address the request came to.
    const queued = t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, known[0]!)).all();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.status).toBe("queued");
    expect(queued[0]!.textBody).toContain(`http://localhost:3000/reset-password?token=${TOKEN_SLOT}`);
    expect(t.db.select().from(passwordResetTokens).all()).toEqual([]);
  });

  it("rejects a malformed address with 400", async () => {
    const r = await post("/api/request-password-reset", { email: "nope" }, { ip: freshIp() });
    expect(r.res.status).toBe(400);
    expect(r.body.error).toBe("Invalid email address");
  });

  it("puts the configured origin in the link behind a forged Host and matching Origin", async () => {
    await createAccount(t.db, { username: "origin-user", email: "origin-user@example.com", password: "secret-password" });
    await createAccount(t.db, { username: "origin-user2", email: "origin-user2@example.com", password: "secret-password" });
    // The Origin check passes (Origin matches the forged Host): only the link's origin can go wrong.
    expect(await postWithForgedHost(mailBase, "/api/request-password-reset", { email: "origin-user@example.com" })).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes("origin-user@example.com"));
    expect(mail.text).toMatch(/https:\/\/shop\.example\/reset-password\?token=[a-z2-7]{32}/);
    expect(mail.text + mail.html).not.toContain("evil.example");

    // PUBLIC_ORIGIN unset: the fixed default, not the request's Host.
    expect(await postWithForgedHost(base, "/api/request-password-reset", { email: "origin-user2@example.com" })).toBe(200);
    const row = t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "origin-user2@example.com")).get()!;
    expect(row.textBody).toContain(`http://localhost:3000/reset-password?token=${TOKEN_SLOT}`);
    expect(row.textBody + row.htmlBody).not.toContain("evil.example");
  });

  it("sends the link over SMTP; it works once, signs in, and ends every older session", async () => {
    const { cookie: before } = await register("erin");
    const other = sessionCookie((await login("erin")).res);
    const asked = await post("/api/request-password-reset", { email: "erin@example.com" }, { app: mailBase, ip: freshIp() });
    expect(asked.res.status).toBe(200);
    expect(asked.body).toEqual({ message: RESET_REQUESTED });

    const mail = await smtp.waitFor((m) => m.to.includes("erin@example.com"));
    expect(mail.subject).toBe("Reset your Needledrop password");
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=[a-z2-7]+/.exec(mail.text)![0]);
    expect(link.origin).toBe(PUBLIC_ORIGIN);
    const token = link.searchParams.get("token")!;
    expect(mail.html).toContain(`token=${token}`);

    // No table holds the token once the mail is sent: the reset-token rows keep its hash only.
    const tokenRows = t.db.select().from(passwordResetTokens).all();
    expect(tokenRows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    await expect
      .poll(() => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "erin@example.com")).get()?.status)
      .toBe("sent");
    expect(tablesHolding(t.db, token)).toEqual([]);

    const short = await post("/api/reset-password", { token, password: "123" }, { app: mailBase });
    expect(short.res.status).toBe(400);
    expect(short.body.error).toBe("Password must be at least 6 characters");

    const used = await post("/api/reset-password", { token, password: "after-reset-password" }, { app: mailBase });
    expect(used.res.status).toBe(200);
    expect(used.res.headers.get("cache-control")).toBe("no-store");
    expect(used.body).toMatchObject({ username: "erin" });
    const fresh = sessionCookie(used.res);
    expect(used.text).not.toContain(tokenOf(fresh));
    expect(JSON.stringify(t.db.select().from(sessions).all())).not.toContain(tokenOf(fresh));
    expect(JSON.stringify(t.db.select().from(sessions).all())).not.toContain(token);

    expect((await get("/api/user", { cookie: before })).res.status).toBe(401);
    expect((await get("/api/user", { cookie: other })).res.status).toBe(401);
    expect((await get("/api/user", { cookie: fresh })).body.username).toBe("erin");

    const again = await post("/api/reset-password", { token, password: "another-password" }, { app: mailBase });
    expect(again.res.status).toBe(400);
    expect(again.body).toEqual({
      error: INVALID_RESET_LINK,
      message: INVALID_RESET_LINK,
      fields: { token: [INVALID_RESET_LINK] },
    });

    expect((await login("erin", "secret-password")).res.status).toBe(401);
    expect((await login("erin", "after-reset-password")).res.status).toBe(200);
  });

  it("answers 400 to a made-up or missing token", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz234567", "x", undefined]) {
      const r = await post("/api/reset-password", { token, password: "whatever-password" });
      expect(r.res.status).toBe(400);
      expect(r.body.error).toBe(INVALID_RESET_LINK);
    }
  });
});

describe("tRPC admin.overview", () => {
  it("401 signed out, 403 for a customer and for an owner without a second factor, the dashboard figures for an owner with one", async () => {
    const { cookie: customer } = await register("frank");
    const boss = await createAccount(t.db, {
      username: "boss",
      email: "boss@example.com",
      password: "secret-password",
      role: "admin",
    });
    const admin = sessionCookie((await login("boss")).res);

    const anonymous = await get("/trpc/admin.overview");
    expect(anonymous.res.status).toBe(401);
    const forbidden = await get("/trpc/admin.overview", { cookie: customer });
    expect(forbidden.res.status).toBe(403);
    const noSecondFactor = await get("/trpc/admin.overview", { cookie: admin });
    expect(noSecondFactor.res.status).toBe(403);
    expect(JSON.stringify(noSecondFactor.body)).toContain("two-factor");
    // The owner sets one up (here straight in the database; its session has passed the step).
    giveTwoFactor(t.db, boss.id);
    t.db.update(sessions).set({ twoFactorVerifiedAt: Date.now() }).where(eq(sessions.userId, boss.id)).run();
    const ok = await get("/trpc/admin.overview", { cookie: admin });
    expect(ok.res.status).toBe(200);
    const data = ok.body.result.data as { records: number; customers: number; latest: unknown[] };
    expect(data.records).toBeGreaterThan(600);
    // Customers, not admins: every account but the one admin.
    expect(data.customers).toBe(t.db.select().from(users).all().length - 1);
    expect(data.latest).toEqual([]);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe("a visitor's favourites join the account at sign-in", () => {
  it("registering and logging in through the API move the browser's favourites onto the account and clear the cookie", async () => {
    const r = await post(
      "/api/register",
      { username: "fav-visitor", email: "fav-visitor@example.com", password: "secret-password" },
      { ip: freshIp(), cookie: "needledrop-favourites=1.2.999999" },
    );
    expect(r.res.status).toBe(201);
    const userId = (r.body as { id: number }).id;
    expect(t.db.$client.prepare("select record_id from favourites where user_id = ? order by record_id").all(userId)).toEqual([
      { record_id: 1 },
      { record_id: 2 },
    ]);
    expect(r.res.headers.getSetCookie().some((c) => /^needledrop-favourites=;.*Max-Age=0/.test(c))).toBe(true);

    const again = await login("fav-visitor", "secret-password", { cookie: "needledrop-favourites=3.1" });
    expect(again.res.status).toBe(200);
    expect(t.db.$client.prepare("select record_id from favourites where user_id = ? order by record_id").all(userId)).toEqual([
      { record_id: 1 },
      { record_id: 2 },
      { record_id: 3 },
    ]);
  });
});
