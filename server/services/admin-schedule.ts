import { and, asc, count, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { WantsService } from "./wants";
import type { Actor } from "../../app/domain/admin/audit";
import {
  releaseStatus,
  monthRange,
  type ReleaseStatus,
  type ScheduleInput,
  type UpcomingQuery,
} from "../../app/domain/schedule/schedule";
import { physicalDateAfterMove } from "../../app/domain/schedule/physical-release";
import { addDays, isIsoDate } from "../../app/domain/shared/dates";
import { NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { shopNow } from "../../db/clock";
import { writeTransaction, type Db } from "../../db/client";
import { blogPosts, orderLines, orders, records } from "../../db/schema";
import type { MailLinks } from "../mail/links";
import { releaseDateMovedMail } from "../mail/release-date-template";
import type { createAuditService } from "./audit";
import type { createMailService } from "./mail";
import { NEW_RELEASE_WINDOW_DAYS } from "../../app/domain/home/home-filters";
import { pageWindow } from "../../app/domain/shared/paging";

type AuditService = ReturnType<typeof createAuditService>;
type MailService = ReturnType<typeof createMailService>;

/** A pre-order is open until it ships: paid (or packed, or partly refunded) with units still owed. */
const OPEN_PRE_ORDER_STATUSES = ["paid", "packed", "partially_refunded"] as const;

export const UPCOMING_PAGE_SIZE = 50;
/** A month of releases is a few hundred records at most; the cap keeps a bad import from drowning the page. */
const CALENDAR_CAP = 1000;

export interface ScheduleEntry {
  id: number;
  title: string;
  artist: string;
  releaseDate: string;
  /** Set when the shop knows the physical release apart from the release: it moves with the release date. */
  physicalReleaseDate: string | null;
  status: ReleaseStatus;
  stockQuantity: number;
  /** Customers' orders still waiting for this record (pre-order lines not shipped). */
  openPreOrders: number;
  published: boolean;
  publishAt: string | null;
}

export interface ScheduledItem {
  kind: "record" | "post";
  id: number;
  /** The record's "Artist – Title", or the post's title. */
  name: string;
  /** The post's slug, or the record's id as text: what the forms take. */
  target: string;
  /** ISO instant (or a post's plain date) when it appears; null for a record unpublished with no time. */
  publishAt: string | null;
}

type EntryRow = Omit<ScheduleEntry, "status" | "openPreOrders" | "releaseDate"> & { releaseDate: string | null };

export interface MoveResult {
  recordId: number;
  releaseDate: string;
  physicalReleaseDate: string | null;
  status: ReleaseStatus;
  changed: boolean;
  /** Customers told of the new date by this change (0 when each had already been told). */
  told: number;
}

export function createAdminScheduleService(
  db: Db,
  deps: {
    audit: AuditService;
    mail: MailService;
    links: MailLinks;
    wants?: Pick<WantsService, "onReleaseDateChanged">;
  },
) {
  const entryColumns = {
    id: records.id,
    title: records.title,
    artist: records.artist,
    releaseDate: records.releaseDate,
    physicalReleaseDate: records.physicalReleaseDate,
    stockQuantity: records.stockQuantity,
    published: records.published,
    publishAt: records.publishAt,
  };

  /** Open pre-order counts for these records. */
  function openPreOrderCounts(ids: number[]): Map<number, number> {
    if (ids.length === 0) return new Map();
    const rows = db
      .select({ recordId: orderLines.recordId, n: sql<number>`count(distinct ${orderLines.orderId})` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inArray(orderLines.recordId, ids), openPreOrderLine()))
      .groupBy(orderLines.recordId)
      .all();
    return new Map(rows.map((r) => [r.recordId, r.n]));
  }

  function openPreOrderLine() {
    return and(
      eq(orderLines.isPreOrder, true),
      inArray(orders.status, [...OPEN_PRE_ORDER_STATUSES]),
      isNull(orders.shippedAt),
      gt(orderLines.quantity, orderLines.refundedQuantity),
    );
  }

  function toEntries(rows: EntryRow[], today: string) {
    const counts = openPreOrderCounts(rows.map((r) => r.id));
    return rows.map((r): ScheduleEntry => ({
      id: r.id,
      title: r.title,
      artist: r.artist,
      releaseDate: r.releaseDate ?? "",
      physicalReleaseDate: r.physicalReleaseDate,
      status: releaseStatus(r.releaseDate, today),
      stockQuantity: r.stockQuantity,
      openPreOrders: counts.get(r.id) ?? 0,
      published: r.published,
      publishAt: r.publishAt,
    }));
  }

  function recordById(id: number) {
    const row = db.select().from(records).where(eq(records.id, id)).get();
    if (!row) throw new NotFoundError(`No record with id ${id}.`);
    return row;
  }

  function postByTarget(target: string) {
    const byId = /^\d{1,10}$/.test(target) ? eq(blogPosts.id, Number(target)) : undefined;
    const row = db
      .select()
      .from(blogPosts)
      .where(byId ? or(byId, eq(blogPosts.slug, target)) : eq(blogPosts.slug, target))
      .get();
    if (!row) throw new NotFoundError(`No magazine post "${target}".`);
    return row;
  }

  function recordByTarget(target: string) {
    if (!/^\d{1,10}$/.test(target))
      throw new ValidationError("Choose a record by its number.", { target: ["Choose a record by its number."] });
    return recordById(Number(target));
  }

  /** Only a record can be unpublished here. */
  function unpublishTarget(input: { kind: "record" | "post"; target: string }) {
    if (input.kind !== "record") {
      throw new ValidationError("A post cannot be unpublished here; schedule it for a later time instead.");
    }
    return recordByTarget(input.target);
  }

  const nowIso = () => shopNow(db.$client).toISOString();

  return {
    /** Every dated record released in a month (London dates), by date: pre-orders and new releases alike. */
    calendar(month: string, { today }: { today: string }): ScheduleEntry[] {
      const { from, to } = monthRange(month);
      const rows = db
        .select(entryColumns)
        .from(records)
        .where(and(gte(records.releaseDate, from), lte(records.releaseDate, `${to}\uffff`)))
        .orderBy(asc(records.releaseDate), asc(records.artist), asc(records.id))
        .limit(CALENDAR_CAP)
        .all();
      return toEntries(rows, today);
    },

    /**
     * Releases from `from` (default: the start of the new-release window) up to `to` if given (the schedule's list
     * shows one month), soonest first.
     */
    upcoming(query: UpcomingQuery, { today }: { today: string }) {
      const from = query.from ?? addDays(today, -NEW_RELEASE_WINDOW_DAYS);
      const to = query.to ?? null;
      // A release date may carry a time after the day (an import's "2026-03-14T00:00"): the day's end bounds it.
      const where = to
        ? and(gte(records.releaseDate, from), lte(records.releaseDate, `${to}\uffff`))
        : gte(records.releaseDate, from);
      const total = db.select({ n: count() }).from(records).where(where).get()?.n ?? 0;
      const { page, pageCount: pages, offset } = pageWindow(total, query.page, UPCOMING_PAGE_SIZE);
      const rows = db
        .select(entryColumns)
        .from(records)
        .where(where)
        .orderBy(asc(records.releaseDate), asc(records.id))
        .limit(UPCOMING_PAGE_SIZE)
        .offset(offset)
        .all();
      return { items: toEntries(rows, today), total, page, pages, limit: UPCOMING_PAGE_SIZE, from, to };
    },

    /**
     * Moves a record's release date. Its pre-order / new-release status is derived from the date (nothing
     * else to store: is_new_release is the shop's own pick, not a status). In one transaction: the date,
     * an audit row, and a message to each customer with an open pre-order for it, once per order and date
     * (email_outbox.once_key), so repeating the move tells nobody twice. Mail goes out after the commit.
     */
    moveReleaseDate(
      actor: Actor,
      recordId: number,
      releaseDate: string,
      { today, keepPhysicalReleaseDate = false }: { today: string; keepPhysicalReleaseDate?: boolean },
    ): MoveResult {
      if (!isIsoDate(releaseDate))
        throw new ValidationError("Enter a real date (YYYY-MM-DD).", { releaseDate: ["Enter a real date."] });
      const { result, mailIds } = writeTransaction(db, (tx) => {
        const before = recordById(recordId);
        const mailIds: number[] = [];
        // The physical release moves with it by the same days, unless kept (app/domain/schedule/physical-release.ts).
        const physical = physicalDateAfterMove({
          releaseBefore: before.releaseDate,
          releaseAfter: releaseDate,
          physicalBefore: before.physicalReleaseDate,
          keep: keepPhysicalReleaseDate,
        });
        if (!physical.ok) throw new ValidationError(physical.message);
        const physicalReleaseDate = physical.physicalReleaseDate ?? before.physicalReleaseDate;
        const changed = before.releaseDate !== releaseDate;
        if (changed) {
          tx.update(records).set({ releaseDate, physicalReleaseDate, updatedAt: nowIso() }).where(eq(records.id, recordId)).run();
          // The one place the schedule reaches shoppers' wants: a pre-order moved to today or earlier is out.
          deps.wants?.onReleaseDateChanged(recordId, before.releaseDate, releaseDate, today);
          deps.audit.record(actor, {
            entityType: "record",
            entityId: recordId,
            action: "release_date.moved",
            before: {
              releaseDate: before.releaseDate,
              physicalReleaseDate: before.physicalReleaseDate,
              status: releaseStatus(before.releaseDate, today),
            },
            after: { releaseDate, physicalReleaseDate, status: releaseStatus(releaseDate, today) },
          });
        }
        // Asked even when the date is unchanged: a message lost to a crash between writes is written now.
        const waiting = tx
          .selectDistinct({ orderId: orders.id, orderNumber: orders.orderNumber, email: orders.email, name: orders.shippingName })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orderLines.recordId, recordId), openPreOrderLine()))
          .orderBy(asc(orders.id))
          .all();
        {
          for (const o of waiting) {
            const content = releaseDateMovedMail({
              name: o.name,
              orderNumber: o.orderNumber,
              title: before.title,
              artist: before.artist,
              releaseDate,
              ordersLink: deps.links.page("/profile#orders"),
            });
            const id = deps.mail.enqueueOnce({
              to: o.email,
              kind: "release-date-moved",
              orderId: o.orderId,
              onceKey: `release-date:${recordId}:${releaseDate}:${o.orderId}`,
              ...content,
            });
            if (id !== null) mailIds.push(id);
          }
        }
        const result: MoveResult = {
          recordId,
          releaseDate,
          physicalReleaseDate: changed ? physicalReleaseDate : before.physicalReleaseDate,
          status: releaseStatus(releaseDate, today),
          changed,
          told: mailIds.length,
        };
        return { result, mailIds };
      });
      for (const id of mailIds) deps.mail.dispatch(id);
      return result;
    },

    /** Hides a record or post until `publishAt` (a UTC instant), then it appears by itself. */
    schedule(actor: Actor, input: ScheduleInput): ScheduledItem {
      return writeTransaction(db, () => {
        if (input.kind === "record") {
          const before = recordByTarget(input.target);
          db.update(records)
            .set({ published: true, publishAt: input.publishAt, updatedAt: nowIso() })
            .where(eq(records.id, before.id))
            .run();
          deps.audit.record(actor, {
            entityType: "record",
            entityId: before.id,
            action: "publish.scheduled",
            before: { published: before.published, publishAt: before.publishAt },
            after: { published: true, publishAt: input.publishAt },
          });
          return {
            kind: "record",
            id: before.id,
            name: `${before.artist} – ${before.title}`,
            target: String(before.id),
            publishAt: input.publishAt,
          };
        }
        const before = postByTarget(input.target);
        db.update(blogPosts).set({ publishedAt: input.publishAt }).where(eq(blogPosts.id, before.id)).run();
        deps.audit.record(actor, {
          entityType: "post",
          entityId: before.id,
          action: "publish.scheduled",
          before: { publishedAt: before.publishedAt },
          after: { publishedAt: input.publishAt },
        });
        return { kind: "post", id: before.id, name: before.title, target: before.slug, publishAt: input.publishAt };
      });
    },

    /** Shows a record or post at once: a record loses its schedule and is published; a post is dated now. */
    publishNow(actor: Actor, input: { kind: "record" | "post"; target: string }): ScheduledItem {
      return writeTransaction(db, () => {
        const now = nowIso();
        if (input.kind === "record") {
          const before = recordByTarget(input.target);
          db.update(records).set({ published: true, publishAt: null, updatedAt: now }).where(eq(records.id, before.id)).run();
          deps.audit.record(actor, {
            entityType: "record",
            entityId: before.id,
            action: "publish.now",
            before: { published: before.published, publishAt: before.publishAt },
            after: { published: true, publishAt: null },
          });
          return {
            kind: "record",
            id: before.id,
            name: `${before.artist} – ${before.title}`,
            target: String(before.id),
            publishAt: null,
          };
        }
        const before = postByTarget(input.target);
        // A post already out keeps its date; only a scheduled one is brought forward.
        const publishedAt = before.publishedAt <= now ? before.publishedAt : now;
        db.update(blogPosts).set({ publishedAt }).where(eq(blogPosts.id, before.id)).run();
        deps.audit.record(actor, {
          entityType: "post",
          entityId: before.id,
          action: "publish.now",
          before: { publishedAt: before.publishedAt },
          after: { publishedAt },
        });
        return { kind: "post", id: before.id, name: before.title, target: before.slug, publishAt: publishedAt };
      });
    },

    /** The record `unpublish` would take off the shop, for the page to ask about first; refused as it refuses. */
    unpublishable(input: { kind: "record" | "post"; target: string }): ScheduledItem {
      const record = unpublishTarget(input);
      const name = `${record.artist} – ${record.title}`;
      return { kind: "record", id: record.id, name, target: String(record.id), publishAt: record.publishAt };
    },

    /** Takes a record off the shop (unpublished, no schedule) until it is scheduled or published again. */
    unpublish(actor: Actor, input: { kind: "record" | "post"; target: string }): ScheduledItem {
      return writeTransaction(db, () => {
        const before = unpublishTarget(input);
        db.update(records).set({ published: false, publishAt: null, updatedAt: nowIso() }).where(eq(records.id, before.id)).run();
        deps.audit.record(actor, {
          entityType: "record",
          entityId: before.id,
          action: "publish.withdrawn",
          before: { published: before.published, publishAt: before.publishAt },
          after: { published: false, publishAt: null },
        });
        return {
          kind: "record",
          id: before.id,
          name: `${before.artist} – ${before.title}`,
          target: String(before.id),
          publishAt: null,
        };
      });
    },

    /** Records and posts the public cannot see yet: scheduled (soonest first), then unpublished records. */
    scheduled({ today }: { today: string }): ScheduledItem[] {
      const now = nowIso();
      const recs = db
        .select({ id: records.id, title: records.title, artist: records.artist, publishAt: records.publishAt })
        .from(records)
        .where(or(eq(records.published, false), gt(records.publishAt, now)))
        .orderBy(sql`${records.publishAt} is null`, asc(records.publishAt), asc(records.id))
        .limit(500)
        .all();
      const posts = db
        .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
        .from(blogPosts)
        .where(and(gt(blogPosts.publishedAt, today), gt(blogPosts.publishedAt, now)))
        .orderBy(asc(blogPosts.publishedAt))
        .limit(500)
        .all();
      const items: ScheduledItem[] = [
        ...recs.map((r) => ({
          kind: "record" as const,
          id: r.id,
          name: `${r.artist} – ${r.title}`,
          target: String(r.id),
          publishAt: r.publishAt,
        })),
        ...posts.map((p) => ({ kind: "post" as const, id: p.id, name: p.title, target: p.slug, publishAt: p.publishedAt })),
      ];
      return items.sort((a, b) => (a.publishAt ?? "\uffff").localeCompare(b.publishAt ?? "\uffff"));
    },

    /** For the schedule form's choices: posts newest first. */
    postChoices(): { slug: string; title: string }[] {
      return db
        .select({ slug: blogPosts.slug, title: blogPosts.title })
        .from(blogPosts)
        .orderBy(sql`${blogPosts.publishedAt} desc`)
        .limit(200)
        .all();
    },
  };
}

export type AdminScheduleService = ReturnType<typeof createAdminScheduleService>;
