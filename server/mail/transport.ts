import nodemailer from "nodemailer";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Hands a message to a mail server; rejects when it is not accepted. */
export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

export const DEFAULT_MAIL_FROM = "Needledrop <no-reply@needledrop.local>";

/**
 * SMTP through nodemailer when SMTP_URL is set (e.g. smtp://user:pass@mail.example:587, or smtps://… for
 * TLS from the start); null otherwise, and mail then waits in the email_outbox table.
 */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null;
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
      });
    },
  };
}
