/**
 * The shop's used copies on Discogs's Marketplace, kept in step (docs/decisions/0078-discogs-sync.md). A sweep
 * compares the shop with discogs_listings and queues what changed (list, update the price, delist); the queue
 * (discogs_jobs) lives in the database, so a restart loses nothing, and its runner sends one job at a time through
 * the client (which spaces requests to Discogs's 60 a minute), retrying with a growing wait when Discogs is busy,
 * down or slow and giving up after MAX_ATTEMPTS. A refused token pauses the queue until the owner checks it again.
 * Discogs's orders are polled (it sends no webhooks) and each is taken in once: see discogs-orders.ts.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import {
  belongsOnDiscogs,
  DISCOGS_JOB_KIND_NAMES,
  jobDedupeKey,
  JOB_PRIORITY,
  listingChange,
  MAX_ATTEMPTS,
  retryWaitMs,
  type CopyOnShop,
  type DiscogsJobKind,
} from "../../app/domain/discogs/discogs-sync-rules";
import { toDiscogsMedia, toDiscogsSleeve } from "../../app/domain/discogs/discogs-grades";
import type { Actor } from "../../app/domain/admin/audit";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { appMeta, discogsJobs, discogsListings, discogsOrders, orders, records, type RecordRow } from "../../db/schema";
import {
  DiscogsAuthError,
  DiscogsRateLimitedError,
  DiscogsUnavailableError,
  type DiscogsClient,
  type DiscogsListingInput,
} from "../discogs/discogs-client";
import type { AuditService } from "./audit";
import { takeDiscogsOrder } from "./discogs-orders";

const KEYS = {
  listUsed: "discogs.list_used",
  paused: "discogs.paused",
  cursor: "discogs.orders_cursor",
  lastPoll: "discogs.last_poll",
  identity: "discogs.identity",
} as const;

/** The first poll reads back this far; later polls overlap the last by a few minutes (an order is taken once). */
const FIRST_POLL_LOOKBACK_MS = 24 * 3_600_000;
const POLL_OVERLAP_MS = 10 * 60_000;
const LIST_LIMIT = 50;

export const TOKEN_REFUSED =
  "Discogs refused the shop's token, so nothing is sent to Discogs. Make a new personal access token on discogs.com (Settings → Developers), set it as DISCOGS_TOKEN, restart the shop, then press “Check the token”.";
const UNREACHABLE = "Discogs could not be reached just now; nothing was changed. Try again in a minute.";
export const DISCOGS_OFF =
  "Discogs is off: set DISCOGS_TOKEN to the shop's Discogs personal access token and restart the shop to switch it on.";

export interface DiscogsJobView {
  id: number;
  kind: DiscogsJobKind;
  kindName: string;
  recordId: number | null;
  copy: string | null;
  attempts: number;
  runAfter: string;
  lastError: string | null;
  updatedAt: string;
}

export interface DiscogsOrderView {
  discogsOrderId: string;
  outcome: "taken" | "oversold";
  orderNumber: string | null;
  recordId: number | null;
  buyer: string | null;
  totalPence: number | null;
  note: string | null;
  createdAt: string;
}

export interface LastPoll {
  at: string;
  found: number;
  taken: number;
  oversold: number;
}

type SyncedCopy = Pick<
  RecordRow,
  | "id"
  | "catalogueId"
  | "title"
  | "artist"
  | "pricePence"
  | "stockQuantity"
  | "published"
  | "publishAt"
  | "hiddenByContent"
  | "discogsReleaseId"
  | "mediaGrade"
  | "sleeveGrade"
  | "sleeveKind"
  | "conditionNote"
  | "shelfLocation"
>;

const copyColumns = {
  id: records.id,
  catalogueId: records.catalogueId,
  title: records.title,
  artist: records.artist,
  pricePence: records.pricePence,
  stockQuantity: records.stockQuantity,
  published: records.published,
  publishAt: records.publishAt,
  hiddenByContent: records.hiddenByContent,
  discogsReleaseId: records.discogsReleaseId,
  mediaGrade: records.mediaGrade,
  sleeveGrade: records.sleeveGrade,
  sleeveKind: records.sleeveKind,
  conditionNote: records.conditionNote,
  shelfLocation: records.shelfLocation,
};

function onShop(copy: SyncedCopy, nowIso: string): CopyOnShop {
  const published = copy.published && (copy.publishAt === null || copy.publishAt <= nowIso);
  return {
    published: copy.published,
    visible: published && !copy.hiddenByContent,
    stock: copy.stockQuantity,
    // A copy is listed with its grades: a used line without them is not the sync's.
    releaseId: copy.mediaGrade && copy.sleeveGrade ? copy.discogsReleaseId : null,
    pricePence: copy.pricePence,
  };
}

/** The listing Discogs gets for a copy: its release, price, grades in Discogs's words, note and shelf. */
export function listingFor(copy: SyncedCopy): DiscogsListingInput {
  return {
    releaseId: copy.discogsReleaseId!,
    pricePence: copy.pricePence,
    condition: toDiscogsMedia(copy.mediaGrade!),
    sleeveCondition: toDiscogsSleeve(copy.sleeveGrade!, copy.sleeveKind),
    comments: copy.conditionNote ?? "",
    externalId: copy.catalogueId,
    location: copy.shelfLocation,
    weight: null,
  };
}

export function createDiscogsSyncService(
  db: Db,
  deps: { client: DiscogsClient | null; audit: AuditService; now?: () => number },
) {
  const { client, audit } = deps;
  const now = deps.now ?? Date.now;
  const iso = (ms = now()) => new Date(ms).toISOString();
  /** Until when the runner sends nothing after Discogs's 429 (its limit is the account's, not one job's). */
  let holdUntil = 0;

  const meta = (key: string) => db.select().from(appMeta).where(eq(appMeta.key, key)).get()?.value ?? null;
  const setMeta = (key: string, value: string | null) => {
    if (value === null) db.delete(appMeta).where(eq(appMeta.key, key)).run();
    else db.insert(appMeta).values({ key, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } }).run();
  };
  const listUsed = () => meta(KEYS.listUsed) === "1";

  function enqueue(kind: DiscogsJobKind, recordId: number | null): boolean {
    const inserted = db
      .insert(discogsJobs)
      .values({ kind, recordId, dedupeKey: jobDedupeKey(kind, recordId), runAfter: iso() })
      .onConflictDoNothing()
      .run();
    return inserted.changes === 1;
  }

  const copyOf = (recordId: number) => db.select(copyColumns).from(records).where(eq(records.id, recordId)).get();
  const listingOf = (recordId: number) => db.select().from(discogsListings).where(eq(discogsListings.recordId, recordId)).get();
  function saveListing(recordId: number, set: Partial<typeof discogsListings.$inferInsert>) {
    const values = { ...set, updatedAt: iso() };
    db.insert(discogsListings)
      .values({ recordId, ...values })
      .onConflictDoUpdate({ target: discogsListings.recordId, set: values })
      .run();
  }

  /** Compares every copy the sync may touch with its listing row and queues what changed. Answers how many it queued. */
  function sweep(): number {
    if (!client) return 0;
    const switchOn = listUsed();
    const nowIso = iso();
    const rows = db
      .select({ copy: copyColumns, listing: discogsListings })
      .from(records)
      .leftJoin(discogsListings, eq(discogsListings.recordId, records.id))
      .where(
        and(
          eq(records.condition, "used"),
          isNotNull(records.mediaGrade),
          or(
            isNotNull(discogsListings.recordId),
            switchOn
              ? and(isNotNull(records.discogsReleaseId), eq(records.published, true), sql`${records.stockQuantity} > 0`)
              : sql`0`,
          ),
        ),
      )
      .all();
    let queued = 0;
    writeTransaction(db, () => {
      for (const { copy, listing } of rows) {
        const change = listingChange(onShop(copy, nowIso), listing, switchOn);
        if (!change) continue;
        if (!listing) saveListing(copy.id, { state: "queued" });
        if (enqueue(change, copy.id)) queued += 1;
      }
    });
    return queued;
  }

  /** Queues a look for new Discogs orders (once: a poll already waiting is not queued again). */
  function schedulePoll(): void {
    if (client) enqueue("poll_orders", null);
  }

  function dueJob() {
    return db
      .select()
      .from(discogsJobs)
      .where(and(eq(discogsJobs.state, "queued"), lte(discogsJobs.runAfter, iso())))
      .orderBy(
        sql`case ${discogsJobs.kind} ${sql.raw(
          Object.entries(JOB_PRIORITY)
            .map(([kind, rank]) => `when '${kind}' then ${rank}`)
            .join(" "),
        )} end`,
        asc(discogsJobs.runAfter),
        asc(discogsJobs.id),
      )
      .limit(1)
      .get();
  }

  type Job = typeof discogsJobs.$inferSelect;

  async function perform(job: Job, discogs: DiscogsClient): Promise<void> {
    if (job.kind === "poll_orders") return pollOrders(discogs);
    const copy = job.recordId === null ? undefined : copyOf(job.recordId);
    if (!copy) return;
    const listing = listingOf(copy.id);
    const wanted = belongsOnDiscogs(onShop(copy, iso()));
    if (job.kind === "list") {
      // Looked at afresh: the copy may have sold, or been listed, since the job was queued.
      if (!wanted || (listing?.state === "listed" && listing.listingId !== null)) return;
      // A create that failed may still have reached Discogs (it timed out): adopt that listing rather than make a
      // second. Its price is unknown, so the next sweep sends the current one.
      const earlier =
        job.attempts > 0 && discogs.findListingByExternalId ? await discogs.findListingByExternalId(copy.catalogueId) : null;
      const sent = listingFor(copy);
      const listingId = earlier ?? (await discogs.createListing(sent)).listingId;
      saveListing(copy.id, {
        listingId,
        state: "listed",
        listedPricePence: earlier ? null : sent.pricePence,
        lastError: null,
        syncedAt: iso(),
      });
      return;
    }
    if (!listing?.listingId || listing.state !== "listed") return;
    if (job.kind === "update") {
      if (!wanted) return;
      const sent = listingFor(copy);
      await discogs.updateListing(listing.listingId, sent);
      saveListing(copy.id, { listedPricePence: sent.pricePence, lastError: null, syncedAt: iso() });
      return;
    }
    // delist: unless it is back on sale meanwhile.
    if (wanted) return;
    await discogs.deleteListing(listing.listingId);
    saveListing(copy.id, { listingId: null, state: "delisted", lastError: null, syncedAt: iso() });
  }

  async function pollOrders(discogs: DiscogsClient): Promise<void> {
    const cursor = meta(KEYS.cursor);
    const since = cursor ? iso(Date.parse(cursor) - POLL_OVERLAP_MS) : iso(now() - FIRST_POLL_LOOKBACK_MS);
    const found = await discogs.ordersSince(since);
    const poll: LastPoll = { at: iso(), found: found.length, taken: 0, oversold: 0 };
    let newest = cursor ?? since;
    for (const order of found) {
      const outcome = takeDiscogsOrder(db, order);
      if (outcome === "taken") poll.taken += 1;
      if (outcome === "oversold") poll.oversold += 1;
      if (order.createdAt > newest) newest = order.createdAt;
    }
    writeTransaction(db, () => {
      setMeta(KEYS.cursor, newest);
      setMeta(KEYS.lastPoll, JSON.stringify(poll));
      // Polls that gave up while Discogs was down are superseded by this one.
      db.update(discogsJobs)
        .set({ state: "done", updatedAt: iso() })
        .where(and(eq(discogsJobs.kind, "poll_orders"), eq(discogsJobs.state, "failed")))
        .run();
    });
  }

  function failed(job: Job, error: unknown): void {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    writeTransaction(db, () => {
      if (error instanceof DiscogsAuthError) {
        // A setting to fix, not a failure of this job: the whole queue waits, the job keeps its tries.
        setMeta(KEYS.paused, TOKEN_REFUSED);
        db.update(discogsJobs).set({ lastError: message, updatedAt: iso() }).where(eq(discogsJobs.id, job.id)).run();
        return;
      }
      const attempts = job.attempts + 1;
      const retry = error instanceof DiscogsRateLimitedError || error instanceof DiscogsUnavailableError;
      if (retry && attempts < MAX_ATTEMPTS) {
        const wait = error instanceof DiscogsRateLimitedError ? error.retryAfterMs : retryWaitMs(attempts);
        db.update(discogsJobs)
          .set({ attempts, runAfter: iso(now() + wait), lastError: message, updatedAt: iso() })
          .where(eq(discogsJobs.id, job.id))
          .run();
        return;
      }
      // Given up (too many tries, or refused by Discogs: trying again would not help): shown with "Try again".
      db.update(discogsJobs)
        .set({ attempts, state: "failed", lastError: message, updatedAt: iso() })
        .where(eq(discogsJobs.id, job.id))
        .run();
      if (job.recordId !== null && listingOf(job.recordId)) saveListing(job.recordId, { state: "failed", lastError: message });
    });
  }

  /**
   * Sends the next due job, if any and if the queue may run (Discogs on, the token not refused, no 429 wait). Answers
   * whether it sent one, so the runner looks again at once or waits a moment.
   */
  async function runNext(): Promise<boolean> {
    if (!client || meta(KEYS.paused) !== null || now() < holdUntil) return false;
    const job = dueJob();
    if (!job) return false;
    try {
      await perform(job, client);
      db.update(discogsJobs)
        .set({ state: "done", attempts: job.attempts + 1, lastError: null, updatedAt: iso() })
        .where(eq(discogsJobs.id, job.id))
        .run();
    } catch (error) {
      if (error instanceof DiscogsRateLimitedError) holdUntil = now() + error.retryAfterMs;
      failed(job, error);
    }
    return true;
  }

  function jobViews(state: "queued" | "failed"): DiscogsJobView[] {
    return db
      .select({ job: discogsJobs, title: records.title, artist: records.artist })
      .from(discogsJobs)
      .leftJoin(records, eq(records.id, discogsJobs.recordId))
      .where(eq(discogsJobs.state, state))
      .orderBy(state === "queued" ? asc(discogsJobs.runAfter) : desc(discogsJobs.updatedAt), asc(discogsJobs.id))
      .limit(LIST_LIMIT)
      .all()
      .map(({ job, title, artist }) => ({
        id: job.id,
        kind: job.kind,
        kindName: DISCOGS_JOB_KIND_NAMES[job.kind],
        recordId: job.recordId,
        copy: title === null ? null : `${artist} – ${title}`,
        attempts: job.attempts,
        runAfter: job.runAfter,
        lastError: job.lastError,
        updatedAt: job.updatedAt,
      }));
  }

  const count = (where: ReturnType<typeof eq>, table: typeof discogsJobs | typeof discogsListings) =>
    db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(where)
      .get()!.n;

  function requireClient(): DiscogsClient {
    if (!client) throw new ConflictError(DISCOGS_OFF);
    return client;
  }

  return {
    /** Whether a token is configured (null client: everything Discogs is off). */
    enabled: client !== null,
    sweep,
    schedulePoll,
    runNext,

    /** Everything the back office's Discogs page shows. */
    overview() {
      const identity = meta(KEYS.identity);
      const lastPoll = meta(KEYS.lastPoll);
      return {
        enabled: client !== null,
        listUsed: listUsed(),
        paused: meta(KEYS.paused),
        identity: identity ? (JSON.parse(identity) as { username: string; checkedAt: string }) : null,
        counts: {
          listed: count(eq(discogsListings.state, "listed"), discogsListings),
          soldOnDiscogs: count(eq(discogsListings.state, "sold_on_discogs"), discogsListings),
          waiting: count(eq(discogsJobs.state, "queued"), discogsJobs),
          failed: count(eq(discogsJobs.state, "failed"), discogsJobs),
        },
        waiting: jobViews("queued"),
        failed: jobViews("failed"),
        lastPoll: lastPoll ? (JSON.parse(lastPoll) as LastPoll) : null,
        orders: db
          .select({ o: discogsOrders, orderNumber: orders.orderNumber })
          .from(discogsOrders)
          .leftJoin(orders, eq(orders.id, discogsOrders.orderId))
          .orderBy(desc(discogsOrders.createdAt), desc(discogsOrders.id))
          .limit(LIST_LIMIT)
          .all()
          .map(({ o, orderNumber }): DiscogsOrderView => ({
            discogsOrderId: o.discogsOrderId,
            outcome: o.outcome,
            orderNumber,
            recordId: o.recordId,
            buyer: o.buyer,
            totalPence: o.totalPence,
            note: o.note,
            createdAt: o.createdAt,
          })),
      };
    },

    /** The owner's switch "List used copies on Discogs", audited. */
    setListUsed(actor: Actor, on: boolean): void {
      requireClient();
      writeTransaction(db, () => {
        const before = listUsed();
        setMeta(KEYS.listUsed, on ? "1" : "0");
        audit.record(actor, {
          entityType: "setting",
          entityId: KEYS.listUsed,
          action: "change",
          before: { listUsedCopiesOnDiscogs: before },
          after: { listUsedCopiesOnDiscogs: on },
        });
      });
    },

    /**
     * Asks Discogs who the token belongs to: the owner's way to see the token works, and to let a queue paused by a
     * refused token run again. Audited either way (it may restart the queue).
     */
    async checkToken(actor: Actor): Promise<{ ok: true; username: string } | { ok: false; message: string }> {
      const discogs = requireClient();
      let answer: { ok: true; username: string } | { ok: false; message: string };
      try {
        answer = { ok: true, username: (await discogs.identity()).username };
      } catch (error) {
        if (error instanceof DiscogsAuthError) answer = { ok: false, message: TOKEN_REFUSED };
        else if (error instanceof DiscogsRateLimitedError || error instanceof DiscogsUnavailableError)
          answer = { ok: false, message: UNREACHABLE };
        else throw error;
      }
      writeTransaction(db, () => {
        const pausedBefore = meta(KEYS.paused) !== null;
        if (answer.ok) {
          setMeta(KEYS.identity, JSON.stringify({ username: answer.username, checkedAt: iso() }));
          setMeta(KEYS.paused, null);
        } else if (answer.message === TOKEN_REFUSED) setMeta(KEYS.paused, TOKEN_REFUSED);
        audit.record(actor, {
          entityType: "setting",
          entityId: "discogs.token",
          action: "check",
          before: { paused: pausedBefore },
          after: answer.ok
            ? { accepted: true, username: answer.username, paused: false }
            : { accepted: false, paused: meta(KEYS.paused) !== null },
        });
      });
      return answer;
    },

    /** A failed job back in the queue with its tries reset ("Try again"), audited. */
    retryJob(actor: Actor, jobId: number): void {
      writeTransaction(db, () => {
        const job = db.select().from(discogsJobs).where(eq(discogsJobs.id, jobId)).get();
        if (!job) throw new NotFoundError("That Discogs job no longer exists.");
        if (job.state !== "failed") throw new ConflictError("That Discogs job has not failed: it is done or still waiting.");
        const waiting = db
          .select({ id: discogsJobs.id })
          .from(discogsJobs)
          .where(and(eq(discogsJobs.dedupeKey, job.dedupeKey ?? ""), eq(discogsJobs.state, "queued")))
          .get();
        // The same change already waits again (a newer poll): this one is simply done.
        db.update(discogsJobs)
          .set(
            waiting ? { state: "done", updatedAt: iso() } : { state: "queued", attempts: 0, runAfter: iso(), updatedAt: iso() },
          )
          .where(eq(discogsJobs.id, job.id))
          .run();
        if (job.recordId !== null && listingOf(job.recordId)?.state === "failed")
          saveListing(job.recordId, { state: "queued", lastError: null });
        audit.record(actor, {
          entityType: "discogs_job",
          entityId: job.id,
          action: "retry",
          before: { state: "failed", kind: job.kind, recordId: job.recordId, lastError: job.lastError },
          after: { state: waiting ? "done" : "queued" },
        });
      });
    },

    /** The jobs of some copies, for tests and the record's page. */
    jobsFor(recordIds: number[]) {
      return db.select().from(discogsJobs).where(inArray(discogsJobs.recordId, recordIds)).orderBy(asc(discogsJobs.id)).all();
    },
  };
}

export type DiscogsSyncService = ReturnType<typeof createDiscogsSyncService>;
