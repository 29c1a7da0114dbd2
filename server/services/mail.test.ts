import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../db/schema";
import { startSmtpCatcher, type SmtpCatcher } from "../../tests/setup/smtp";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { passwordResetMail } from "../mail/templates";
import { createMailTransport } from "../mail/transport";
import { createMailService, REDACTED } from "./mail";

let t: TestDb;
let smtp: SmtpCatcher;
beforeAll(async () => {
  t = migratedTestDb();
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp.close();
  t.cleanup();
});

const message = (to: string, secret = "s3cr3t-token") => ({
  to,
  subject: "Hello",
  text: `Your link: https://shop.example/reset-password?token=${secret}`,
  html: `<a href="https://shop.example/reset-password?token=${secret}">link</a>`,
  kind: "test",
  secrets: [secret],
});

describe("mail without SMTP_URL", () => {
  it("keeps messages queued in the outbox, newest first, secrets and all (for the development page)", async () => {
    const mail = createMailService(t.db, { transport: createMailTransport(undefined) });
    expect(mail.sends).toBe(false);
    await mail.send(message("one@example.com"));
    await mail.send(message("two@example.com"));
    const [newest, older] = mail.outbox(2);
    expect(newest).toMatchObject({ to: "two@example.com", status: "queued", attempts: 0, kind: "test" });
    expect(newest!.text).toContain("token=s3cr3t-token");
    expect(older!.to).toBe("one@example.com");
    expect(mail.outbox(1)).toHaveLength(1);
  });
});

describe("mail over SMTP", () => {
  it("sends right after queuing, marks the row sent and blanks its secrets", async () => {
    const mail = createMailService(t.db, { transport: createMailTransport(smtp.url), from: "Shop <shop@example.com>" });
    const id = await mail.send(message("buyer@example.com", "abc123secret"));
    const caught = await smtp.waitFor((m) => m.to.includes("buyer@example.com"));
    expect(caught.from).toBe("shop@example.com");
    expect(caught.subject).toBe("Hello");
    expect(caught.text).toContain("token=abc123secret");
    const row = mail.outbox(50).find((m) => m.id === id)!;
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).toBeTruthy();
    expect(row.text).not.toContain("abc123secret");
    expect(row.text).toContain(REDACTED);
    expect(row.html).not.toContain("abc123secret");
  });

  it("keeps a message it could not send as failed, with the error, and never throws", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const mail = createMailService(t.db, {
      transport: { send: () => Promise.reject(new Error("relay said no")) },
    });
    const id = mail.enqueue(message("nobody@example.com"));
    mail.dispatch(id);
    await mail.idle();
    const row = mail.outbox(50).find((m) => m.id === id)!;
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "relay said no" });
    expect(row.text).toContain("s3cr3t-token"); // kept whole for a retry
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
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
    await mail.send(message("x@example.com"));
    expect(rowsWhileSending).toBe(before + 1);
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
