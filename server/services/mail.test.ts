import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { startSmtpCatcher, type SmtpCatcher } from "../../tests/setup/smtp";
import { expectConsoleError } from "../../tests/setup/console-error";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { passwordResetMail } from "../mail/templates";
import { createMailTransport } from "../mail/transport";
import { openDatabase } from "../../db/client";
import { MIGRATIONS_DIR, runMigrations } from "../../db/migrate";
import { TOKEN_SLOT } from "../mail/links";
import { tablesHolding } from "../../tests/setup/db-scan";
import { createMailService, MAX_ATTEMPTS, type TokenMinter } from "./mail";

let t: TestDb;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
// A database per test: the retry pass would otherwise pick up the messages of earlier tests.
beforeEach(() => {
  t = migratedTestDb();
});
afterEach(() => t.cleanup());
afterAll(async () => {
  await smtp.close();
});

const message = (to: string, kind = "test") => ({
  to,
  subject: "Hello",
  text: `Your link: https://shop.example/reset-password?token=${TOKEN_SLOT}`,
  html: `<a href="https://shop.example/reset-password?token=${TOKEN_SLOT}">link</a>`,
  kind,
});

/** A minter that records what it made and what was revoked. */
function recordingMinter() {
  const made: string[] = [];
  const revoked: string[] = [];
  const mint: TokenMinter = () => {
    const token = `tok${made.length}-${Math.random().toString(36).slice(2)}`;
    made.push(token);
    return {
      token,
      headers: { "X-Token-Link": `<https://shop.example/x?token=${TOKEN_SLOT}>` },
      revoke: () => revoked.push(token),
    };
  };
  return { made, revoked, mint };
}

describe("mail without a transport", () => {
  it("keeps messages queued in the outbox, newest first, with the placeholder and no token", async () => {
    const mail = createMailService(t.db, { transport: createMailTransport(undefined) });
    const minter = recordingMinter();
    mail.mintTokensFor("test", minter.mint);
    expect(mail.sends).toBe(false);
    await mail.send(message("one@example.com"));
    await mail.send(message("two@example.com"));
    const [newest, older] = mail.outbox(2);
    expect(newest).toMatchObject({ to: "two@example.com", status: "queued", attempts: 0, kind: "test" });
    expect(newest!.text).toContain(`token=${TOKEN_SLOT}`);
    expect(older!.to).toBe("one@example.com");
    expect(mail.outbox(1)).toHaveLength(1);
    expect(minter.made).toEqual([]);
    expect(await mail.retryPending()).toBe(0);
  });
});

describe("mail over SMTP", () => {
  it("mints the token at sending, puts it in the message and its headers only, and marks the row sent", async () => {
    const mail = createMailService(t.db, { transport: createMailTransport(smtp.url), from: "Shop <shop@example.com>" });
    const minter = recordingMinter();
    mail.mintTokensFor("test", minter.mint);
    const id = await mail.send(message("buyer@example.com"));
    const caught = await smtp.waitFor((m) => m.to.includes("buyer@example.com"));
    const token = minter.made[0]!;
    expect(caught.from).toBe("shop@example.com");
    expect(caught.subject).toBe("Hello");
    expect(caught.text).toContain(`token=${token}`);
    expect(caught.html).toContain(`token=${token}`);
    expect(caught.raw).toContain(`X-Token-Link: <https://shop.example/x?token=${token}>`);
    const row = mail.outbox(50).find((m) => m.id === id)!;
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeTruthy();
    expect(tablesHolding(t.db, token)).toEqual([]);
    expect(minter.revoked).toEqual([]);
  });

  it("keeps a message it could not send as failed, revokes that attempt's token, and never throws", async () => {
    const errors = expectConsoleError();
    const handed: string[] = [];
    const mail = createMailService(t.db, {
      transport: { send: (m) => (handed.push(m.text), Promise.reject(new Error("relay said no"))) },
    });
    const minter = recordingMinter();
    mail.mintTokensFor("test", minter.mint);
    const id = mail.enqueue(message("nobody@example.com"));
    mail.dispatch(id);
    await mail.idle();
    const row = mail.outbox(50).find((m) => m.id === id)!;
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "relay said no" });
    expect(handed[0]).toContain(minter.made[0]);
    expect(minter.revoked).toEqual(minter.made);
    expect(tablesHolding(t.db, minter.made[0]!)).toEqual([]);
    expect(errors).toHaveBeenCalledOnce();

    // Retries mint afresh each time, and stop after MAX_ATTEMPTS.
    for (let i = 1; i < MAX_ATTEMPTS + 2; i++) await mail.retryPending();
    expect(mail.outbox(50).find((m) => m.id === id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(new Set(minter.made).size).toBe(MAX_ATTEMPTS);
    expect(minter.revoked).toEqual(minter.made);
    errors.mockRestore();
  });

  it("does not send a message whose minter withdraws it, nor one whose kind has no minter", async () => {
    const errors = expectConsoleError();
    const sent: string[] = [];
    const mail = createMailService(t.db, { transport: { send: async (m) => void sent.push(m.to) } });
    mail.mintTokensFor("withdrawn", () => null);
    const withdrawn = await mail.send(message("gone@example.com", "withdrawn"));
    const orphan = await mail.send(message("orphan@example.com", "no-minter"));
    expect(sent).toEqual([]);
    expect(mail.outbox(50).find((m) => m.id === withdrawn)).toMatchObject({ status: "cancelled" });
    expect(mail.outbox(50).find((m) => m.id === orphan)).toMatchObject({ status: "failed" });
    errors.mockRestore();
  });

  it("sends a message left queued by a crash, but not one another delivery is still sending", async () => {
    const sent: string[] = [];
    let release = () => {};
    const mail = createMailService(t.db, {
      transport: {
        send: (m) => {
          sent.push(m.to);
          return m.to === "slow@example.com" ? new Promise<void>((r) => (release = r)) : Promise.resolve();
        },
      },
    });
    const slow = mail.enqueue({ ...message("slow@example.com"), text: "no link", html: null });
    mail.dispatch(slow);
    const left = mail.enqueue({ ...message("left@example.com"), text: "no link", html: null });
    // Nothing sent it (the process died after queuing): a minute later the retry pass does.
    expect(await mail.retryPending(Date.now() + 61_000)).toBe(1);
    release();
    await mail.idle();
    expect(sent.sort()).toEqual(["left@example.com", "slow@example.com"]);
    expect(mail.outbox(50).find((m) => m.id === left)).toMatchObject({ status: "sent", attempts: 1 });
    expect(mail.outbox(50).find((m) => m.id === slow)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("leaves a message another server process is sending, and retries it once that attempt is long past", async () => {
    const sent: string[] = [];
    const mail = createMailService(t.db, { transport: { send: async (m) => void sent.push(m.to) } });
    const id = mail.enqueue({ ...message("busy@example.com"), text: "no link", html: null });
    // Another process over the same database claimed it a moment ago and is talking to the relay.
    t.db.update(emailOutbox).set({ status: "sending", attempts: 1, attemptedAt: new Date().toISOString() }).run();
    expect(await mail.retryPending(Date.now() + 61_000)).toBe(0);
    expect(sent).toEqual([]);
    // That process died mid-attempt: minutes later the row is still "sending", and is sent again.
    expect(await mail.retryPending(Date.now() + 6 * 60_000)).toBe(1);
    expect(sent).toEqual(["busy@example.com"]);
    expect(mail.outbox(50).find((m) => m.id === id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("writes every message to the outbox before sending", async () => {
    let rowsWhileSending = -1;
    const mail = createMailService(t.db, {
      transport: {
        send: async () => {
          rowsWhileSending = t.db.select().from(emailOutbox).all().length;
        },
      },
    });
    const before = t.db.select().from(emailOutbox).all().length;
    await mail.send({ ...message("x@example.com"), text: "plain", html: null });
    expect(rowsWhileSending).toBe(before + 1);
  });
});

describe("mail into a directory (MAIL_DIR)", () => {
  it("writes each sent message, headers included, as one JSON file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-mail-"));
    try {
      const mail = createMailService(t.db, { transport: createMailTransport(undefined, dir) });
      const minter = recordingMinter();
      mail.mintTokensFor("test", minter.mint);
      expect(mail.sends).toBe(true);
      await mail.send(message("file@example.com"));
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      const written = JSON.parse(fs.readFileSync(path.join(dir, files[0]!), "utf8"));
      expect(written).toMatchObject({ to: "file@example.com", subject: "Hello" });
      expect(written.text).toContain(`token=${minter.made[0]}`);
      expect(written.headers["X-Token-Link"]).toContain(minter.made[0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("templates", () => {
  it("escapes user data in the HTML and keeps the link in the text", () => {
    const link = "https://shop.example/reset-password?token=abc&x=1";
    const mail = passwordResetMail({ username: '<script>alert("x")</script>', link, expiresInMinutes: 60 });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain('href="https://shop.example/reset-password?token=abc&amp;x=1"');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("60 minutes");
  });
});

describe("messages queued before tokens left the outbox", () => {
  it("are blanked and cancelled by the migration, sent ones and tokenless ones kept", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-migrations-"));
    try {
      // The migrations up to the one before, then rows as the old code wrote them, then the rest.
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const journalFile = path.join(dir, "meta", "_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
      const all = journal.entries;
      journal.entries = all.filter((e: { tag: string }) => e.tag < "0004");
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      const db = openDatabase(path.join(dir, "legacy.db"));
      runMigrations(db, dir);
      const insert = db.$client.prepare(
        "insert into email_outbox (to_address, subject, text_body, html_body, kind, status) values (?, 's', ?, ?, ?, ?)",
      );
      const oldToken = "abcdefghijklmnopqrstuvwxyz234567";
      insert.run("a@example.com", `https://x/reset-password?token=${oldToken}`, `<a>${oldToken}</a>`, "password-reset", "failed");
      insert.run("b@example.com", `https://x/unsubscribe?token=${oldToken}`, null, "newsletter-welcome", "queued");
      insert.run("c@example.com", "Thanks for your order", null, "order-confirmation", "queued");
      insert.run("d@example.com", `https://x/reset-password?token=${TOKEN_SLOT}`, null, "password-reset", "queued");
      journal.entries = all;
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      runMigrations(db, dir);
      const rows = db.select().from(emailOutbox).orderBy(emailOutbox.id).all();
      expect(rows.map((r) => r.status)).toEqual(["cancelled", "cancelled", "queued", "queued"]);
      expect(tablesHolding(db, oldToken)).toEqual([]);
      expect(rows[2]!.textBody).toBe("Thanks for your order");
      expect(rows[3]!.textBody).toContain(TOKEN_SLOT);
      db.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
