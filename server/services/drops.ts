/**
 * A drop's fair queue (docs/decisions/0088-fair-drops.md): shoppers join its waiting room in the 30 minutes before
 * the on-sale time, a ballot drawn once at that time orders them, latecomers queue after them by arrival, and
 * those let in hold a copy for 10 minutes. The queue moves forward whenever anything asks (the waiting page, the
 * sweep): the ballot is drawn, ended holds expire and the next are let in while copies are free.
 * Copies free = stock on hand − copies held: a bought copy has already left the stock, and one whose payment
 * failed comes back to it (orders.cancelUnpaid), so it is free again without anything here noticing.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, gt, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import { shopNow } from "../../db/clock";
import { writeTransaction, type Db } from "../../db/client";
import { dropBallots, dropEntries, records } from "../../db/schema";
import { drawBallot } from "../../app/domain/drops/ballot";
import { londonClockTime } from "../../app/domain/drops/clock-time";
import { admissible, dropLimit, dropPhase, holdActive, holdEndsAt } from "../../app/domain/drops/drop-rules";
import type { Standing } from "../../app/domain/drops/waiting-view";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import type { SaleGuard } from "./sale-guards";

type DropEntryRow = typeof dropEntries.$inferSelect;

export interface DropRecord {
  id: number;
  title: string;
  artist: string;
  onSaleAt: string;
  stockQuantity: number;
  limitPerCustomer: number | null;
}

/** Said when a second browser from a network that already has a place tries to join. */
export const ONE_PLACE_PER_NETWORK =
  "Someone on your network already has a place in this queue, and each network has one. Please use the browser that joined.";
export const SOLD_THROUGH_QUEUE =
  "This record is sold through its queue: open its page to join, and you can buy it when it is your turn.";

const dropColumns = {
  id: records.id,
  title: records.title,
  artist: records.artist,
  onSaleAt: records.onSaleAt,
  stockQuantity: records.stockQuantity,
  limitPerCustomer: records.limitPerCustomer,
};

export function createDropsService(db: Db) {
  const now = () => shopNow(db.$client);

  const recordQuery = db
    .select(dropColumns)
    .from(records)
    .where(and(eq(records.id, sql.placeholder("id")), eq(records.isDrop, true), isNotNull(records.onSaleAt)))
    .prepare();

  /** The drop, or null when the record is not one (no drop flag or no on-sale time). */
  function dropRecord(recordId: number): DropRecord | null {
    const row = recordQuery.get({ id: recordId });
    return row ? { ...row, onSaleAt: row.onSaleAt! } : null;
  }

  function requireDrop(recordId: number): DropRecord {
    const drop = dropRecord(recordId);
    if (!drop) throw new NotFoundError("There is no queue for this record.");
    return drop;
  }

  const entryOf = (recordId: number, sessionKey: string): DropEntryRow | undefined =>
    db
      .select()
      .from(dropEntries)
      .where(and(eq(dropEntries.recordId, recordId), eq(dropEntries.sessionKey, sessionKey)))
      .get();

  const ballotOf = (recordId: number) => db.select().from(dropBallots).where(eq(dropBallots.recordId, recordId)).get();

  /** Copies held right now: each hold keeps as many copies as one shopper may buy. */
  function heldCopies(drop: DropRecord, at: Date): number {
    const holds = db
      .select({ n: count() })
      .from(dropEntries)
      .where(
        and(
          eq(dropEntries.recordId, drop.id),
          eq(dropEntries.status, "admitted"),
          gt(dropEntries.holdExpiresAt, at.toISOString()),
        ),
      )
      .get()!.n;
    return holds * dropLimit(drop.limitPerCustomer);
  }

  /** Draws the ballot once (the primary key of drop_ballots refuses a second): in a write transaction. */
  function drawIfDue(drop: DropRecord, at: Date): void {
    if (ballotOf(drop.id)) return;
    const entrants = db
      .select({ id: dropEntries.id })
      .from(dropEntries)
      .where(and(eq(dropEntries.recordId, drop.id), eq(dropEntries.inBallot, true)))
      .orderBy(asc(dropEntries.id))
      .all()
      .map((e) => e.id);
    // Fed in order of arrival, so the recorded seed and the entrants' ids reproduce the order drawn.
    const seed = randomBytes(16).toString("hex");
    const order = drawBallot(entrants, seed);
    const setPosition = db
      .update(dropEntries)
      .set({ ballotPosition: sql.placeholder("position") as unknown as number })
      .where(eq(dropEntries.id, sql.placeholder("id")))
      .prepare();
    order.forEach((id, i) => setPosition.run({ id, position: i + 1 }));
    db.insert(dropBallots).values({ recordId: drop.id, drawnAt: at.toISOString(), entrants: entrants.length, seed }).run();
  }

  /** Holds past their end give their copies back. */
  function expireHolds(drop: DropRecord, at: Date): number {
    return db
      .update(dropEntries)
      .set({ status: "expired" })
      .where(
        and(
          eq(dropEntries.recordId, drop.id),
          eq(dropEntries.status, "admitted"),
          lte(dropEntries.holdExpiresAt, at.toISOString()),
        ),
      )
      .run().changes;
  }

  /** Lets the next in line in while copies are free; answers how many were let in. */
  function admitNext(drop: DropRecord, at: Date): number {
    const perShopper = dropLimit(drop.limitPerCustomer);
    const free = admissible(drop.stockQuantity, heldCopies(drop, at));
    // One more shopper for every copy a shopper may buy, rounded up: the stock's own check stops any oversell.
    const places = Math.ceil(free / perShopper);
    if (places === 0) return 0;
    const next = db
      .select({ id: dropEntries.id })
      .from(dropEntries)
      .where(and(eq(dropEntries.recordId, drop.id), eq(dropEntries.status, "waiting")))
      .orderBy(sql`${dropEntries.ballotPosition} is null`, asc(dropEntries.ballotPosition), asc(dropEntries.id))
      .limit(places)
      .all();
    const holdExpiresAt = holdEndsAt(at);
    for (const { id } of next) {
      db.update(dropEntries)
        .set({ status: "admitted", admittedAt: at.toISOString(), holdExpiresAt })
        .where(and(eq(dropEntries.id, id), eq(dropEntries.status, "waiting")))
        .run();
    }
    return next.length;
  }

  /** Whether the queue has anything to do now, asked without taking the write lock (most refreshes: nothing). */
  function needsAdvance(drop: DropRecord, at: Date): boolean {
    if (!ballotOf(drop.id)) return true;
    const iso = at.toISOString();
    const ended = db
      .select({ id: dropEntries.id })
      .from(dropEntries)
      .where(and(eq(dropEntries.recordId, drop.id), eq(dropEntries.status, "admitted"), lte(dropEntries.holdExpiresAt, iso)))
      .limit(1)
      .get();
    if (ended) return true;
    const waiting = db
      .select({ id: dropEntries.id })
      .from(dropEntries)
      .where(and(eq(dropEntries.recordId, drop.id), eq(dropEntries.status, "waiting")))
      .limit(1)
      .get();
    return Boolean(waiting) && admissible(drop.stockQuantity, heldCopies(drop, at)) > 0;
  }

  /** From the on-sale time: draw the ballot, expire ended holds, let the next in. */
  function advance(recordId: number, at: Date = now()): void {
    const outside = dropRecord(recordId);
    if (!outside || dropPhase(outside.onSaleAt, at) !== "on-sale" || !needsAdvance(outside, at)) return;
    writeTransaction(db, () => {
      // Read again under the lock: another request may have moved the queue meanwhile.
      const drop = dropRecord(recordId);
      if (!drop || dropPhase(drop.onSaleAt, at) !== "on-sale") return;
      drawIfDue(drop, at);
      expireHolds(drop, at);
      admitNext(drop, at);
    });
  }

  function standingOf(drop: DropRecord, entry: DropEntryRow | undefined, at: Date): Standing | null {
    if (!entry) return null;
    switch (entry.status) {
      case "admitted":
        return holdActive(entry.holdExpiresAt, at)
          ? { kind: "admitted", holdExpiresAt: entry.holdExpiresAt! }
          : { kind: "expired", holdExpiredAt: entry.holdExpiresAt };
      case "bought":
        return { kind: "bought" };
      case "expired":
        return { kind: "expired", holdExpiredAt: entry.holdExpiresAt };
      case "waiting": {
        const phase = dropPhase(drop.onSaleAt, at);
        if (phase !== "on-sale" && entry.ballotPosition === null && entry.inBallot) {
          return { kind: "waiting", onSaleAt: drop.onSaleAt, position: null, ahead: null, inBallot: true };
        }
        if (drop.stockQuantity === 0 && heldCopies(drop, at) === 0) return { kind: "sold-out" };
        const before =
          entry.ballotPosition !== null
            ? and(isNotNull(dropEntries.ballotPosition), lt(dropEntries.ballotPosition, entry.ballotPosition))
            : or(isNotNull(dropEntries.ballotPosition), lt(dropEntries.id, entry.id));
        const ahead = db
          .select({ n: count() })
          .from(dropEntries)
          .where(and(eq(dropEntries.recordId, drop.id), eq(dropEntries.status, "waiting"), before))
          .get()!.n;
        return { kind: "waiting", onSaleAt: drop.onSaleAt, position: ahead + 1, ahead, inBallot: entry.inBallot };
      }
    }
  }

  /** This browser's standing in the queue after moving it forward; null when it has no place. */
  function standing(recordId: number, sessionKey: string): Standing | null {
    const at = now();
    advance(recordId, at);
    const drop = requireDrop(recordId);
    return standingOf(drop, entryOf(recordId, sessionKey), at);
  }

  return {
    dropRecord,
    standing,

    /**
     * Takes a place in the queue (or answers the one this browser has). Before the waiting room opens nothing is
     * taken ("closed"). A second browser from a network that already has a place is refused (ConflictError).
     */
    join(recordId: number, sessionKey: string, addressBlock: string, userId: number | null): Standing {
      const at = now();
      const drop = requireDrop(recordId);
      const phase = dropPhase(drop.onSaleAt, at);
      if (phase === "closed") return { kind: "closed", onSaleAt: drop.onSaleAt };
      const mine = entryOf(recordId, sessionKey);
      if (!mine) {
        writeTransaction(db, () => {
          if (entryOf(recordId, sessionKey)) return;
          const neighbour = db
            .select({ id: dropEntries.id })
            .from(dropEntries)
            .where(and(eq(dropEntries.recordId, recordId), eq(dropEntries.addressBlock, addressBlock)))
            .limit(1)
            .get();
          if (neighbour) throw new ConflictError(ONE_PLACE_PER_NETWORK);
          db.insert(dropEntries)
            .values({ recordId, sessionKey, addressBlock, userId, inBallot: phase === "waiting", joinedAt: at.toISOString() })
            .run();
        });
      }
      return standing(recordId, sessionKey)!;
    },

    /** Whether the record page should send a shopper to the waiting room rather than sell it from the page. */
    queueOpen(recordId: number): boolean {
      const drop = dropRecord(recordId);
      if (!drop) return false;
      const phase = dropPhase(drop.onSaleAt, now());
      if (phase === "closed") return false;
      if (phase === "waiting") return true;
      // After the on-sale time the page sells nothing anyway (the sale guard); the queue stays while copies remain.
      return drop.stockQuantity > 0 || heldCopies(drop, now()) > 0;
    },

    /** Moves the queue of every drop on sale forward: the ballots due, ended holds, the next let in. */
    sweep(): number {
      const at = now();
      const due = db
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.isDrop, true), isNotNull(records.onSaleAt), lte(records.onSaleAt, at.toISOString())))
        .all();
      for (const { id } of due) advance(id, at);
      return due.length;
    },

    /** The back office's view of one drop: counts by status, the ballot, the first places. */
    report(recordId: number) {
      const drop = requireDrop(recordId);
      advance(recordId);
      const at = now();
      const counts = Object.fromEntries(
        db
          .select({ status: dropEntries.status, n: count() })
          .from(dropEntries)
          .where(eq(dropEntries.recordId, recordId))
          .groupBy(dropEntries.status)
          .all()
          .map((r) => [r.status, r.n]),
      ) as Partial<Record<DropEntryRow["status"], number>>;
      const first = db
        .select()
        .from(dropEntries)
        .where(eq(dropEntries.recordId, recordId))
        .orderBy(sql`${dropEntries.ballotPosition} is null`, asc(dropEntries.ballotPosition), asc(dropEntries.id))
        .limit(25)
        .all();
      return {
        drop,
        phase: dropPhase(drop.onSaleAt, at),
        ballot: ballotOf(recordId) ?? null,
        counts: {
          waiting: counts.waiting ?? 0,
          admitted: counts.admitted ?? 0,
          bought: counts.bought ?? 0,
          expired: counts.expired ?? 0,
        },
        entrants: Object.values(counts).reduce((a, b) => a + (b ?? 0), 0),
        copiesLeft: drop.stockQuantity,
        heldCopies: heldCopies(drop, at),
        first: first.map((e) => ({
          id: e.id,
          inBallot: e.inBallot,
          ballotPosition: e.ballotPosition,
          status: e.status,
          joinedAt: e.joinedAt,
          holdExpiresAt: e.holdExpiresAt,
          orderId: e.orderId,
        })),
      };
    },

    /** Every record marked as a drop, newest on-sale time first, for the back office. */
    list() {
      return db
        .select({
          ...dropColumns,
          entrants: sql<number>`(select count(*) from ${dropEntries} where ${dropEntries.recordId} = ${records.id})`,
          drawnAt: sql<
            string | null
          >`(select ${dropBallots.drawnAt} from ${dropBallots} where ${dropBallots.recordId} = ${records.id})`,
        })
        .from(records)
        .where(and(eq(records.isDrop, true), isNotNull(records.onSaleAt)))
        .orderBy(sql`${records.onSaleAt} desc`)
        .limit(200)
        .all();
    },

    /** The hold this browser has on a drop, for checkout to show its end. */
    holdOf(recordId: number, sessionKey: string): { holdExpiresAt: string } | null {
      const entry = entryOf(recordId, sessionKey);
      return entry?.status === "admitted" && holdActive(entry.holdExpiresAt, now())
        ? { holdExpiresAt: entry.holdExpiresAt! }
        : null;
    },

    /**
     * The sale guard of drops: once a drop is on sale, only a browser holding a copy may buy it, at most its limit,
     * and only before its hold ends. Checked in the order's transaction, so a hold cannot end between the check
     * and the stock being taken.
     */
    saleGuard(): SaleGuard {
      const dropLines = (lines: Parameters<NonNullable<SaleGuard["check"]>>[0]["lines"]) =>
        lines.filter(({ record }) => record.isDrop && record.onSaleAt !== null);
      return {
        check(ctx) {
          for (const { line, record } of dropLines(ctx.lines)) {
            const entry = ctx.dropSessionKey ? entryOf(record.id, ctx.dropSessionKey) : undefined;
            if (!entry || entry.status === "waiting") throw new ConflictError(SOLD_THROUGH_QUEUE);
            if (entry.status === "bought") throw new ConflictError("You have already bought your copy of this record.");
            if (entry.status === "expired" || !holdActive(entry.holdExpiresAt, ctx.now)) {
              throw new ConflictError(
                `Your hold ended at ${londonClockTime(entry.holdExpiresAt ?? ctx.now.toISOString())} and the copy went to the next in line. Nothing has been charged.`,
              );
            }
            const limit = dropLimit(record.limitPerCustomer);
            if (line.quantity > limit) {
              throw new ConflictError(`You may buy ${limit} ${limit === 1 ? "copy" : "copies"} of "${record.title}".`);
            }
          }
        },
        placed(ctx, order) {
          if (!ctx.dropSessionKey) return;
          for (const { record } of dropLines(ctx.lines)) {
            db.update(dropEntries)
              .set({ status: "bought", orderId: order.id })
              .where(
                and(
                  eq(dropEntries.recordId, record.id),
                  eq(dropEntries.sessionKey, ctx.dropSessionKey),
                  eq(dropEntries.status, "admitted"),
                ),
              )
              .run();
          }
        },
      };
    },
  };
}

export type DropsService = ReturnType<typeof createDropsService>;
