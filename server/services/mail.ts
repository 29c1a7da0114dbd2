import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { DEFAULT_MAIL_FROM, type MailTransport } from "../mail/transport";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What the message is for, e.g. "password-reset". */
  kind: string;
  /** Strings (such as a reset token) blanked out of the stored copy once the message has been sent. */
  secrets?: string[];
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export const REDACTED = "[redacted after sending]";

/**
 * Every message is written to email_outbox first, so nothing is lost. With a transport (SMTP_URL) it is
 * sent straight after and marked sent or failed (with the error); without one it stays queued, readable
 * in development through `outbox()`.
 */
export function createMailService(
  db: Db,
  { transport, from = DEFAULT_MAIL_FROM }: { transport: MailTransport | null; from?: string },
) {
  const secretsOf = new Map<number, string[]>();
  const inFlight = new Set<Promise<void>>();

  /** Sends one stored message; never rejects (a failure is logged and kept on the row). */
  async function deliver(id: number): Promise<void> {
    const secrets = secretsOf.get(id) ?? [];
    secretsOf.delete(id);
    if (!transport) return;
    const row = db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
    if (!row || row.status === "sent") return;
    try {
      await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      const redact = (body: string | null) =>
        body === null ? null : secrets.reduce((b, s) => (s ? b.split(s).join(REDACTED) : b), body);
      db.update(emailOutbox)
        .set({
          status: "sent",
          attempts: sql`${emailOutbox.attempts} + 1`,
          lastError: null,
          sentAt: new Date().toISOString(),
          textBody: redact(row.textBody)!,
          htmlBody: redact(row.htmlBody),
        })
        .where(eq(emailOutbox.id, id))
        .run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[mail] sending message ${id} (${row.kind}) failed: ${message}`);
      db.update(emailOutbox)
        .set({ status: "failed", attempts: sql`${emailOutbox.attempts} + 1`, lastError: message.slice(0, 1000) })
        .where(eq(emailOutbox.id, id))
        .run();
    }
  }

  /** Writes a message to the outbox (status queued) and returns its id. Synchronous: safe inside a transaction. */
  function enqueue(message: MailMessage): number {
    const row = db
      .insert(emailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
      })
      .returning({ id: emailOutbox.id })
      .get();
    // Without a transport the message stays queued, secrets and all, for the development outbox page.
    if (transport && message.secrets?.length) secretsOf.set(row.id, message.secrets);
    return row.id;
  }

  return {
    /** Whether messages leave the building (SMTP_URL set) or stay in the outbox. */
    get sends(): boolean {
      return transport !== null;
    },

    enqueue,

    deliver,

    /** Starts delivery without waiting for it; `idle()` waits for every delivery started this way. */
    dispatch(id: number): void {
      const job = deliver(id).finally(() => inFlight.delete(job));
      inFlight.add(job);
    },

    /** Queues and sends at once, resolving when the message is sent, failed or left queued. */
    async send(message: MailMessage): Promise<number> {
      const id = enqueue(message);
      await deliver(id);
      return id;
    },

    /** Resolves once every dispatched delivery has finished (tests, graceful shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** The most recent messages, newest first: for the development-only outbox page. */
    outbox(limit = 50): OutboxMessage[] {
      const rows = db
        .select()
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.id))
        .limit(Math.min(Math.max(1, Math.floor(limit)), 500))
        .all();
      return rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        html: r.htmlBody,
        kind: r.kind,
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt,
        sentAt: r.sentAt,
      }));
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
