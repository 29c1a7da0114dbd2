import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
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
  /** The order it is about, if any: the order's page lists it in the timeline. */
  orderId?: number | null;
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

/** What a minter or composer sees of the stored message it works on. */
export interface PendingMessage {
  id: number;
  to: string;
  kind: string;
  /** ISO time the message was queued. */
  createdAt: string;
  /** The e-mail campaign it belongs to, if any. */
  campaignId: number | null;
}

/** A message's content made when it is sent (TOKEN_SLOT allowed, as in stored bodies). */
export interface ComposedMessage {
  subject: string;
  text: string;
  html: string | null;
}

/**
 * Makes the content of a message stored without it (a campaign's messages share one stored campaign), or null
 * when it should no longer be sent.
 */
export type MessageComposer = (message: PendingMessage) => ComposedMessage | null;

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
/**
 * A message whose attempt started longer ago than this and is still "sending" was cut off by a crash. A younger one
 * may be in another server process's hands right now (the transport's timeouts end any attempt within a minute).
 */
const STALE_SENDING_MS = 5 * 60_000;

/**
 * A Message-ID that stays the same on every attempt at one stored message: should a crash fall between the
 * relay's acceptance and the row being marked sent, the resent copy is the same message to the mailbox.
 */
export function outboxMessageId(message: { id: number; createdAt: string }, from: string): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? "needledrop.local";
  return `<outbox.${message.id}.${Date.parse(message.createdAt) || 0}@${domain}>`;
}

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
  const composers = new Map<string, MessageComposer>();
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
      .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, attemptedAt: new Date().toISOString() })
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
    const pending: PendingMessage = {
      id: row.id,
      to: row.toAddress,
      kind: row.kind,
      createdAt: row.createdAt,
      campaignId: row.campaignId,
    };
    try {
      const compose = composers.get(row.kind);
      const content = compose ? compose(pending) : { subject: row.subject, text: row.textBody, html: row.htmlBody };
      if (!content) {
        finish(id, { status: "cancelled", lastError: "Not sent: it is no longer wanted (unsubscribed or withdrawn)." });
        return;
      }
      if (content.text.includes(TOKEN_SLOT) || content.html?.includes(TOKEN_SLOT)) {
        const mint = minters.get(row.kind);
        if (!mint) throw new Error(`No token minter for "${row.kind}" messages`);
        minted = mint(pending);
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
        subject: content.subject,
        text: fill(content.text),
        html: content.html === null ? null : fill(content.html),
        messageId: outboxMessageId(row, from),
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
        orderId: message.orderId ?? null,
      })
      .returning({ id: emailOutbox.id })
      .get().id;
  }

  /**
   * Queues a message that must go out once only (a dispatch notice per order, …): a second message with the
   * same key is skipped. Returns the new message's id, or null when the key was used before.
   */
  function enqueueOnce(message: MailMessage & { onceKey: string }): number | null {
    const row = db
      .insert(emailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
        orderId: message.orderId ?? null,
        onceKey: message.onceKey,
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

    /** Registers who makes the content of a kind of message stored without it (the campaigns service). */
    composeFor(kind: string, composer: MessageComposer): void {
      composers.set(kind, composer);
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
     * Run at start-up and then every minute by the server. Returns how many messages it tried. Campaign
     * messages are left to the campaign sender, which keeps them to a steady rate.
     */
    async retryPending(now: number = Date.now()): Promise<number> {
      if (!transport) return 0;
      const staleBefore = new Date(now - STALE_QUEUED_MS).toISOString();
      const cutOffBefore = new Date(now - STALE_SENDING_MS).toISOString();
      const leftBehind = (r: { status: string; createdAt: string; attemptedAt: string | null }) =>
        r.status === "failed" || (r.status === "queued" ? r.createdAt < staleBefore : (r.attemptedAt ?? "") < cutOffBefore);
      const rows = db
        .select({
          id: emailOutbox.id,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          attemptedAt: emailOutbox.attemptedAt,
        })
        .from(emailOutbox)
        .where(
          and(
            inArray(emailOutbox.status, ["queued", "sending", "failed"]),
            lt(emailOutbox.attempts, MAX_ATTEMPTS),
            isNull(emailOutbox.campaignId),
          ),
        )
        .orderBy(emailOutbox.id)
        .limit(100)
        .all()
        .filter((r) => !sending.has(r.id) && leftBehind(r));
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
