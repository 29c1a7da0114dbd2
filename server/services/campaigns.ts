/**
 * E-mail campaigns to the newsletter (docs/decisions/0034-email-campaigns.md). A draft is written, previewed and
 * test-sent; sending queues one outbox row per subscriber of its segment in one transaction (a unique key per
 * campaign and subscriber, so nobody is queued twice), then the campaign sender hands them to the mail service
 * one at a time at a steady rate. Each message is composed from the campaign when its turn comes, and its
 * unsubscribe link is minted then by the newsletter service.
 */
import { and, asc, count, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import {
  describeSegment,
  MAX_FEATURED,
  retryDelayMs,
  tallyCampaign,
  type CampaignCounts,
  type CampaignStatus,
  type OutboxTally,
  type Segment,
} from "../../app/domain/campaigns/campaign-rules";
import type { AudienceInput, CampaignInput } from "../../app/domain/campaigns/campaign-schema";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { emailCampaigns, emailOutbox, records, subscribers, type EmailCampaignRow } from "../../db/schema";
import { campaignMail, type CampaignCardRecord } from "../mail/campaign-template";
import type { MailLinks } from "../mail/links";
import type { MailContent } from "../mail/templates";
import type { AuditService } from "./audit";
import { MAX_ATTEMPTS, type MailService } from "./mail";
import { CAMPAIGN_MAIL_KIND } from "./newsletter";
import { NO_SUCH_RECORD, resolveRecordRef } from "./record-refs";
import { publishedRawSql } from "./visibility";
import { favouriteGenreIs, SUBSCRIBED } from "./subscriber-sets";

export const CAMPAIGN_TEST_KIND = "campaign-test";
/** A search for records to feature shows this many. */
export const FEATURE_SEARCH_LIMIT = 8;

/** A record offered by the featured-record search. */
export interface FeaturableRecord extends CampaignCardRecord {
  catalogNumber: string | null;
}

/** LIKE pattern that matches `text` anywhere, with % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const NOT_FOUND = "That campaign is not there any more.";
/** The back office lists this many campaigns, newest first. */
export const CAMPAIGN_LIST_LIMIT = 100;

export interface CampaignSummary {
  id: number;
  subject: string;
  segment: Segment;
  genre: string | null;
  audience: string;
  status: CampaignStatus;
  createdAt: string;
  sentAt: string | null;
  finishedAt: string | null;
  /** Null for a draft. */
  counts: CampaignCounts | null;
}

export interface CampaignView extends CampaignSummary {
  body: string;
  featured: CampaignCardRecord[];
  /** Who the segment reaches now (what sending a draft would queue); the recipients once sent. */
  audienceSize: number;
  updatedAt: string;
}

const SENT_STAYS = "A campaign that has been sent stays on record: it cannot be deleted.";

export function createCampaignsService(
  db: Db,
  deps: { mail: MailService; links: MailLinks; audit: AuditService; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  const byId = (id: number) => db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)).get();
  const mustGet = (id: number) => {
    const row = byId(id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  };
  const audit = (actor: Actor, id: number, action: string, after?: Record<string, unknown>) =>
    deps.audit.record(actor, { entityType: "email campaign", entityId: id, action, after });

  /** Subscribers a segment reaches: always only those still subscribed. */
  function audienceWhere(segment: Segment, genre: string | null): SQL {
    const subscribed = SUBSCRIBED;
    // Any paid order is ordering; buying a genre also needs the order not called off or refunded in full.
    const ordered = sql`o.email = ${subscribers.email} and o.paid_at is not null`;
    const bought = sql`${ordered} and o.status not in ('cancelled', 'refunded')`;
    switch (segment) {
      case "all":
        return subscribed;
      case "genre-fans":
        return sql`${subscribed} and ${favouriteGenreIs(genre ?? "")}`;
      case "genre-buyers":
        return sql`${subscribed} and exists (select 1 from orders o join order_lines l on l.order_id = o.id
          join records r on r.id = l.record_id where ${bought} and r.genre = ${genre ?? ""})`;
      case "never-ordered":
        return sql`${subscribed} and not exists (select 1 from orders o where ${ordered})`;
    }
  }

  const audienceSize = (segment: Segment, genre: string | null) =>
    db.select({ n: count() }).from(subscribers).where(audienceWhere(segment, genre)).get()?.n ?? 0;

  const featuredIds = (row: EmailCampaignRow): number[] => {
    try {
      const ids: unknown = JSON.parse(row.featuredRecordIds);
      return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
    } catch {
      return [];
    }
  };

  /** The featured records in the order chosen (a record deleted since is left out). */
  function featuredOf(row: EmailCampaignRow): CampaignCardRecord[] {
    const ids = featuredIds(row);
    if (ids.length === 0) return [];
    const found = db
      .select({
        id: records.id,
        title: records.title,
        artist: records.artist,
        pricePence: records.pricePence,
        coverUrl: records.coverUrl,
        format: records.format,
      })
      .from(records)
      .where(inArray(records.id, ids))
      .all();
    return ids.flatMap((id) => found.filter((r) => r.id === id));
  }

  function countsOf(row: EmailCampaignRow): CampaignCounts | null {
    if (row.status === "draft") return null;
    const tally = db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts, n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.campaignId, row.id))
      .groupBy(emailOutbox.status, emailOutbox.attempts)
      .all() as OutboxTally[];
    const unsubscribed =
      db.select({ n: count() }).from(subscribers).where(eq(subscribers.unsubscribedCampaignId, row.id)).get()?.n ?? 0;
    return tallyCampaign(tally, unsubscribed, MAX_ATTEMPTS);
  }

  const summaryOf = (row: EmailCampaignRow): CampaignSummary => ({
    id: row.id,
    subject: row.subject,
    segment: row.segment,
    genre: row.segmentGenre,
    audience: describeSegment(row.segment, row.segmentGenre),
    status: row.status,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    finishedAt: row.finishedAt,
    counts: countsOf(row),
  });

  /**
   * A form's campaign as the row's columns, each featured record checked to exist. A form that names no featured
   * records (the back office's: they are added from a search) leaves the draft's own.
   */
  const columnsOf = (input: CampaignInput) => ({
    subject: input.subject,
    body: input.body,
    ...(input.featured ? { featuredRecordIds: JSON.stringify(input.featured.map((ref) => resolveRecordRef(db, ref).id)) } : {}),
    segment: input.segment,
    segmentGenre: input.genre,
  });

  /** Changes a draft's featured records in one transaction with its audit row; a sent campaign is refused. */
  function changeFeatured(actor: Actor, id: number, recordId: number, change: (ids: number[]) => number[], action: string) {
    writeTransaction(db, () => {
      const row = mustGet(id);
      if (row.status !== "draft") throw new ConflictError("This campaign has been sent: it can no longer be changed.");
      const before = featuredIds(row);
      const after = change(before);
      if (after.length > MAX_FEATURED) throw new ValidationError(`A campaign features at most ${MAX_FEATURED} records.`);
      if (after.join() === before.join()) return;
      db.update(emailCampaigns)
        .set({ featuredRecordIds: JSON.stringify(after), updatedAt: now().toISOString() })
        .where(eq(emailCampaigns.id, id))
        .run();
      audit(actor, id, action, { recordId });
    });
  }

  const contentOf = (row: EmailCampaignRow, unsubscribeLink: string): MailContent =>
    campaignMail({
      subject: row.subject,
      body: row.body,
      featured: featuredOf(row),
      origin: deps.links.origin,
      unsubscribeLink,
    });

  // A sending campaign's content is frozen, so each is composed once per process and kept for its messages.
  const composed = new Map<number, MailContent>();
  deps.mail.composeFor(CAMPAIGN_MAIL_KIND, (message) => {
    if (message.campaignId === null) return null;
    let content = composed.get(message.campaignId);
    if (!content) {
      const row = byId(message.campaignId);
      if (!row || row.status === "draft") return null;
      content = contentOf(row, deps.links.withToken("/unsubscribe"));
      if (composed.size >= 8) composed.delete(composed.keys().next().value!);
      composed.set(message.campaignId, content);
    }
    return content;
  });

  /** Marks a sending campaign sent once none of its messages is waiting or may be tried again. */
  function finishIfDone(campaignId: number): void {
    const waiting = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.campaignId, campaignId),
          or(
            inArray(emailOutbox.status, ["queued", "sending"]),
            and(eq(emailOutbox.status, "failed"), lt(emailOutbox.attempts, MAX_ATTEMPTS)),
          ),
        ),
      )
      .limit(1)
      .get();
    if (waiting) return;
    db.update(emailCampaigns)
      .set({ status: "sent", finishedAt: now().toISOString() })
      .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, "sending")))
      .run();
    composed.delete(campaignId);
  }

  /**
   * The next campaign message due: a queued one first (oldest campaign, then queue order), else one a crash left
   * half-sent, else a failed one whose back-off (retryDelayMs) is over.
   */
  function nextDue(): { id: number; campaignId: number } | null {
    const sending = db
      .select({ id: emailCampaigns.id })
      .from(emailCampaigns)
      .where(eq(emailCampaigns.status, "sending"))
      .orderBy(asc(emailCampaigns.id))
      .all();
    for (const campaign of sending) {
      // A message whose last allowed try was cut short by a crash will not be tried again: failed for good.
      db.update(emailOutbox)
        .set({ status: "failed", lastError: "Not sent: the sender stopped during its last try." })
        .where(
          and(
            eq(emailOutbox.campaignId, campaign.id),
            eq(emailOutbox.status, "sending"),
            sql`${emailOutbox.attempts} >= ${MAX_ATTEMPTS}`,
          ),
        )
        .run();
      const queued = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.campaignId, campaign.id), inArray(emailOutbox.status, ["queued", "sending"])))
        .orderBy(asc(emailOutbox.id))
        .limit(1)
        .get();
      if (queued) return { id: queued.id, campaignId: campaign.id };
      const at = now().getTime();
      const failed = db
        .select({ id: emailOutbox.id, attempts: emailOutbox.attempts, attemptedAt: emailOutbox.attemptedAt })
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.campaignId, campaign.id), eq(emailOutbox.status, "failed"), lt(emailOutbox.attempts, MAX_ATTEMPTS)),
        )
        .orderBy(asc(emailOutbox.attemptedAt))
        .limit(50)
        .all();
      if (failed.length === 0) {
        finishIfDone(campaign.id);
        continue;
      }
      const due = failed.find((r) => !r.attemptedAt || Date.parse(r.attemptedAt) + retryDelayMs(r.attempts) <= at);
      if (due) return { id: due.id, campaignId: campaign.id };
    }
    return null;
  }

  function get(id: number): CampaignView {
    const row = mustGet(id);
    const summary = summaryOf(row);
    return {
      ...summary,
      body: row.body,
      featured: featuredOf(row),
      audienceSize: summary.counts ? summary.counts.recipients : audienceSize(row.segment, row.segmentGenre),
      updatedAt: row.updatedAt,
    };
  }

  /** The mail as a subscriber will get it, with an unsubscribe link that opens the (token-less) page. */
  const testMail = (id: number): MailContent => contentOf(mustGet(id), deps.links.page("/unsubscribe"));

  /**
   * The test mail for the back office's preview frame: its images addressed from the page that shows it, so they
   * load under the page's own image policy whatever address the admin reached the shop by.
   */
  function preview(id: number): MailContent {
    const mail = testMail(id);
    return { ...mail, html: mail.html.replaceAll(` src="${deps.links.origin}/`, ' src="/') };
  }

  return {
    list(): CampaignSummary[] {
      return db.select().from(emailCampaigns).orderBy(desc(emailCampaigns.id)).limit(CAMPAIGN_LIST_LIMIT).all().map(summaryOf);
    },

    get,

    /** Published records whose artist, title or catalogue number holds `q`, for a draft's featured records. */
    findRecords(q: string): FeaturableRecord[] {
      const text = q.trim();
      if (text === "") return [];
      const pattern = containing(text);
      const catalogue = containing(text.replace(/[\s/-]+/g, ""));
      return db
        .select({
          id: records.id,
          title: records.title,
          artist: records.artist,
          pricePence: records.pricePence,
          coverUrl: records.coverUrl,
          format: records.format,
          catalogNumber: records.catalogNumber,
        })
        .from(records)
        .where(
          sql`${sql.raw(publishedRawSql())} and (lower(${records.artist}) like ${pattern} escape '\\'
            or lower(${records.title}) like ${pattern} escape '\\'
            or lower(replace(replace(replace(coalesce(${records.catalogNumber}, ''), ' ', ''), '-', ''), '/', '')) like ${catalogue} escape '\\')`,
        )
        .orderBy(records.artist, records.title, records.id)
        .limit(FEATURE_SEARCH_LIMIT)
        .all();
    },

    /** Adds a record to a draft's featured records (last; a record already there stays where it is). */
    feature(actor: Actor, id: number, recordId: number): void {
      const exists = db.select({ id: records.id }).from(records).where(eq(records.id, recordId)).get();
      if (!exists) throw new NotFoundError(NO_SUCH_RECORD);
      changeFeatured(actor, id, recordId, (ids) => (ids.includes(recordId) ? ids : [...ids, recordId]), "feature record");
    },

    /** Takes a record off a draft's featured records. */
    unfeature(actor: Actor, id: number, recordId: number): void {
      changeFeatured(actor, id, recordId, (ids) => ids.filter((r) => r !== recordId), "unfeature record");
    },

    /** How many subscribers a segment reaches now. */
    audience(input: AudienceInput): number {
      return audienceSize(input.segment, input.genre ?? null);
    },

    create(actor: Actor, input: CampaignInput): CampaignView {
      const id = writeTransaction(db, () => {
        const row = db.insert(emailCampaigns).values(columnsOf(input)).returning().get();
        audit(actor, row.id, "create", { subject: row.subject, segment: row.segment, genre: row.segmentGenre });
        return row.id;
      });
      return get(id);
    },

    update(actor: Actor, id: number, input: CampaignInput): CampaignView {
      writeTransaction(db, () => {
        const updated = db
          .update(emailCampaigns)
          .set({ ...columnsOf(input), updatedAt: now().toISOString() })
          .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "draft")))
          .returning({ id: emailCampaigns.id })
          .get();
        if (!updated) {
          mustGet(id);
          throw new ConflictError("This campaign has been sent: it can no longer be changed.");
        }
        audit(actor, id, "update", { subject: input.subject, segment: input.segment, genre: input.genre });
      });
      return get(id);
    },

    /** The draft a delete would remove, for the page to ask about first; refused as `remove` refuses. */
    removable(id: number): { id: number; subject: string } {
      const row = mustGet(id);
      if (row.status !== "draft") throw new ConflictError(SENT_STAYS);
      return { id: row.id, subject: row.subject };
    },

    /** Deletes a draft; a sent campaign stays, with its counts. */
    remove(actor: Actor, id: number): void {
      writeTransaction(db, () => {
        const gone = db
          .delete(emailCampaigns)
          .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "draft")))
          .returning({ subject: emailCampaigns.subject })
          .get();
        if (!gone) {
          mustGet(id);
          throw new ConflictError(SENT_STAYS);
        }
        audit(actor, id, "delete", { subject: gone.subject });
      });
    },

    preview,

    /** Sends the mail once to one address (subject marked as a test), outside the campaign's counts. */
    testSend(actor: Actor, input: { campaignId: number; email: string }): { messageId: number; sends: boolean } {
      const content = testMail(input.campaignId);
      const messageId = writeTransaction(db, () => {
        const queued = deps.mail.enqueue({
          to: input.email,
          subject: `[Test] ${content.subject}`,
          text: content.text,
          html: content.html,
          kind: CAMPAIGN_TEST_KIND,
        });
        audit(actor, input.campaignId, "test send", { to: input.email });
        return queued;
      });
      deps.mail.dispatch(messageId);
      return { messageId, sends: deps.mail.sends };
    },

    /**
     * Queues the campaign to its segment: one outbox row per subscriber (unique per campaign and subscriber),
     * all in one transaction with the status change, so a crash leaves either nothing queued or everything.
     * `expected` is the number the page showed: a segment that changed since is said, not sent.
     */
    send(actor: Actor, input: { campaignId: number; expected: number }): CampaignView {
      const at = now().toISOString();
      writeTransaction(db, () => {
        const row = mustGet(input.campaignId);
        if (row.status !== "draft") throw new ConflictError("This campaign has already been sent.");
        const size = audienceSize(row.segment, row.segmentGenre);
        if (size === 0) throw new ValidationError("Nobody is in this segment yet: there is no one to send it to.");
        if (size !== input.expected) {
          throw new ConflictError(
            `The segment now reaches ${size.toLocaleString("en-GB")} subscribers, not ${input.expected.toLocaleString("en-GB")}: check the number and send again.`,
          );
        }
        // The bodies stay empty: each message is composed from the campaign when it is sent.
        const inserted =
          db.run(sql`insert into ${emailOutbox} (to_address, subject, text_body, html_body, kind, once_key, campaign_id)
          select ${subscribers.email}, ${row.subject}, '', null, ${CAMPAIGN_MAIL_KIND}, 'campaign:' || ${row.id} || ':' || ${subscribers.id}, ${row.id}
          from ${subscribers} where ${audienceWhere(row.segment, row.segmentGenre)}
          order by ${subscribers.id}
          on conflict (once_key) do nothing`);
        db.update(emailCampaigns)
          .set({ status: "sending", sentAt: at, updatedAt: at })
          .where(eq(emailCampaigns.id, row.id))
          .run();
        audit(actor, row.id, "send", { queued: inserted.changes });
      });
      return get(input.campaignId);
    },

    /**
     * Sends the next campaign message that is due, if any (the campaign sender calls this at its steady rate).
     * Returns whether there was one. Without a mail transport nothing is sent and messages stay queued.
     */
    async sendNext(): Promise<boolean> {
      if (!deps.mail.sends) return false;
      const due = nextDue();
      if (!due) return false;
      await deps.mail.deliver(due.id);
      finishIfDone(due.campaignId);
      return true;
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
