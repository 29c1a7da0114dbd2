import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { TOKEN_SLOT } from "../mail/links";
import { DEFAULT_MAIL_FROM, type MailTransport } from "../mail/transport";

export interface MailMessage {
  to: string;
  subject: string;
  /** May hold TOKEN_SLOT in a link: the message's kind then needs a token minter (see `mintTokensFor`). */
  text: string;
  html?: string | null;
  /** What the message is for, e.g. "password-reset". */
  kind: string;
}

export type OutboxStatus = "queued" | "sending" | "sent" | "failed" | "cancelled";

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** What a minter sees of the stored message it makes a token for. */
export interface PendingMessage {
  id: number;
  to: string;
  kind: string;
  /** ISO time the message was queued. */
  createdAt: string;
}

/** A token made for one delivery attempt: only its hash is stored, by the minter. */
export interface MintedToken {
  token: string;
  /** Extra headers for this message (TOKEN_SLOT in them is filled too), e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Makes the token worthless: called when the attempt fails. */
  revoke(): void;
}

/** Makes and stores (hashed) a fresh token for a message, or null when it should no longer be sent. */
export type TokenMinter = (message: PendingMessage) => MintedToken | null;

/** Attempts per message before it is left failed for good. */
export const MAX_ATTEMPTS = 5;
/** A message queued longer ago than this and still not sending was left behind (crash, restart): retry it. */
const STALE_QUEUED_MS = 60_000;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Every message is written to email_outbox first, so nothing is lost. With a transport (SMTP_URL or MAIL_DIR)
 * it is sent straight after and marked sent or failed; a background pass (`retryPending`) sends again what
 * failed or was left behind by a crash. Without a transport it stays queued, readable in development.
 *
 * Secrets never rest in the outbox: a message that needs one (a reset or unsubscribe link) is stored with
 * TOKEN_SLOT in its place. Just before each attempt the kind's minter makes a new token and stores its hash,
 * the token goes into the message in memory, the message is sent and the token forgotten. A failed attempt
 * revokes its token (the retry makes another); a crash mid-send leaves only a hash.
 */
export function createMailService(
  db: Db,
  { transport, from = DEFAULT_MAIL_FROM }: { transport: MailTransport | null; from?: string },
) {
  const minters = new Map<string, TokenMinter>();
  const inFlight = new Set<Promise<void>>();
  /** Messages this process is sending now, so the retry pass never sends one twice at once. */
  const sending = new Set<number>();

  const finish = (id: number, values: Partial<typeof emailOutbox.$inferInsert>) =>
    db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id)).run();

  /** Sends one stored message; never rejects (a failure is logged and kept on the row). */
  async function deliver(id: number): Promise<void> {
    if (!transport || sending.has(id)) return;
    sending.add(id);
    try {
      await attempt(transport, id);
    } finally {
      sending.delete(id);
    }
  }

  async function attempt(transport: MailTransport, id: number): Promise<void> {
    // Claimed before anything is minted: attempts counts every try, a crash included.
    const row = db
      .update(emailOutbox)
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        and(
          eq(emailOutbox.id, id),
          inArray(emailOutbox.status, ["queued", "sending", "failed"]),
          lt(emailOutbox.attempts, MAX_ATTEMPTS),
        ),
      )
      .returning()
      .get();
    if (!row) return;
    let minted: MintedToken | null = null;
    try {
      if (row.textBody.includes(TOKEN_SLOT) || row.htmlBody?.includes(TOKEN_SLOT)) {
        const mint = minters.get(row.kind);
        if (!mint) throw new Error(`No token minter for "${row.kind}" messages`);
        minted = mint({ id: row.id, to: row.toAddress, kind: row.kind, createdAt: row.createdAt });
        if (!minted) {
          finish(id, { status: "cancelled", lastError: "Not sent: its link is no longer wanted (expired or withdrawn)." });
          return;
        }
      }
      const token = minted?.token;
      const fill = (body: string) => (token ? body.split(TOKEN_SLOT).join(token) : body);
      const headers = minted?.headers && Object.fromEntries(Object.entries(minted.headers).map(([k, v]) => [k, fill(v)]));
      await transport.send({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: fill(row.textBody),
        html: row.htmlBody === null ? null : fill(row.htmlBody),
        ...(headers ? { headers } : {}),
      });
      finish(id, { status: "sent", lastError: null, sentAt: new Date().toISOString() });
    } catch (error) {
      minted?.revoke();
      const message = errorText(error);
      console.error(`[mail] sending message ${id} (${row.kind}) failed (attempt ${row.attempts}): ${message}`);
      finish(id, { status: "failed", lastError: message });
    }
  }

  /** Writes a message to the outbox (status queued) and returns its id. Synchronous: safe inside a transaction. */
  function enqueue(message: MailMessage): number {
    return db
      .insert(emailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
      })
      .returning({ id: emailOutbox.id })
      .get().id;
  }

  /**
   * Writes a message only if none was written with the same key (email_outbox.once_key), e.g.
   * "release-date:12:2026-12-01:345": returns its id, or null when that message already exists.
   */
  function enqueueOnce(message: MailMessage, onceKey: string): number | null {
    const row = db
      .insert(emailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
        onceKey,
      })
      .onConflictDoNothing({ target: emailOutbox.onceKey })
      .returning({ id: emailOutbox.id })
      .get();
    return row?.id ?? null;
  }

  function dispatch(id: number): void {
    const job = deliver(id).finally(() => inFlight.delete(job));
    inFlight.add(job);
  }

  return {
    /** Whether messages leave the building (SMTP_URL or MAIL_DIR set) or stay in the outbox. */
    get sends(): boolean {
      return transport !== null;
    },

    /** Registers who makes the token for a kind of message (the accounts and newsletter services). */
    mintTokensFor(kind: string, minter: TokenMinter): void {
      minters.set(kind, minter);
    },

    enqueue,

    enqueueOnce,

    deliver,

    /** Starts delivery without waiting for it; `idle()` waits for every delivery started this way. */
    dispatch,

    /** Queues and sends at once, resolving when the message is sent, failed or left queued. */
    async send(message: MailMessage): Promise<number> {
      const id = enqueue(message);
      await deliver(id);
      return id;
    },

    /**
     * Sends again what failed (fewer than MAX_ATTEMPTS tries) and what a crash left queued or half-sent.
     * Run at start-up and then every minute by the server. Returns how many messages it tried.
     */
    async retryPending(now: number = Date.now()): Promise<number> {
      if (!transport) return 0;
      const staleBefore = new Date(now - STALE_QUEUED_MS).toISOString();
      const rows = db
        .select({ id: emailOutbox.id, status: emailOutbox.status, createdAt: emailOutbox.createdAt })
        .from(emailOutbox)
        .where(and(inArray(emailOutbox.status, ["queued", "sending", "failed"]), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(emailOutbox.id)
        .limit(100)
        .all()
        .filter((r) => !sending.has(r.id) && (r.status !== "queued" || r.createdAt < staleBefore));
      for (const r of rows) await deliver(r.id);
      return rows.length;
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
