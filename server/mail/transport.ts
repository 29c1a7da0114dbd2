import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The same on every attempt at one message (see outboxMessageId). */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** Hands a message to a mail server; rejects when it is not accepted. */
export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

export const DEFAULT_MAIL_FROM = "Needledrop <no-reply@needledrop.local>";

/**
 * SMTP through nodemailer (e.g. smtp://user:pass@mail.example:587, or smtps://… for TLS from the start).
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Fail within seconds, not nodemailer's minutes: a stuck relay must not pile up work.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

/**
 * A mailbox on disk for development and browser tests: each message becomes one JSON file in `dir`
 * (written whole, then renamed, so a reader never sees half a file). The files hold live links: never
 * point this at a shared directory in production.
 */
export function createDirectoryTransport(dir: string): MailTransport {
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${Date.now()}-${randomBytes(4).toString("hex")}.json`;
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, JSON.stringify({ ...message, sentAt: new Date().toISOString() }), { mode: 0o600 });
      await fs.rename(partial, path.join(dir, name));
    },
  };
}

/**
 * SMTP when SMTP_URL is set; else the on-disk mailbox when MAIL_DIR is set; null otherwise, and mail then
 * waits in the email_outbox table (without its links' tokens, which are only made when a message is sent).
 */
export function createMailTransport(smtpUrl: string | undefined, mailDir?: string | undefined): MailTransport | null {
  if (smtpUrl) return createSmtpTransport(smtpUrl);
  if (mailDir) return createDirectoryTransport(mailDir);
  return null;
}
