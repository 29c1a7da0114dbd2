/** The record club's back office: the member list, and each plan's monthly pick (chosen, or the default). */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { clubMemberships, clubPicks, orderLines, orders, records, users } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import type { ChoosePick } from "../../app/domain/club/club-schemas";
import type { MembershipStatus } from "../../app/domain/club/membership";
import { defaultPick, monthOf, type PickCandidate } from "../../app/domain/club/pick";
import { CLUB_PLANS, type ClubPlanId } from "../../app/domain/club/plans";
import { NotFoundError } from "../../app/domain/shared/errors";
import { pageWindow } from "../../app/domain/shared/paging";
import type { AuditService } from "./audit";
import { viewOf } from "./club-memberships";

export const MEMBERS_PAGE_SIZE = 25;

export function createClubBackOfficeService(db: Db, deps: { audit: AuditService }) {
  return {
    /** The back office's member list, newest first, optionally of one status. */
    members({ status, page }: { status?: MembershipStatus; page: number }, { today }: { today: string }) {
      const where = status ? eq(clubMemberships.status, status) : undefined;
      const total = db.select({ n: count() }).from(clubMemberships).where(where).get()?.n ?? 0;
      const { page: shown, pageCount, offset } = pageWindow(total, page, MEMBERS_PAGE_SIZE);
      const rows = db
        .select({ m: clubMemberships, username: users.username, email: users.email })
        .from(clubMemberships)
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .where(where)
        .orderBy(desc(clubMemberships.id))
        .limit(MEMBERS_PAGE_SIZE)
        .offset(offset)
        .all();
      const byStatus = Object.fromEntries(
        db
          .select({ status: clubMemberships.status, n: count() })
          .from(clubMemberships)
          .groupBy(clubMemberships.status)
          .all()
          .map((r) => [r.status, r.n]),
      ) as Partial<Record<MembershipStatus, number>>;
      return {
        members: rows.map((r) => ({ ...viewOf(r.m, today), username: r.username, email: r.email })),
        page: shown,
        pageCount,
        total,
        byStatus,
      };
    },

    /** This month's pick per plan: the back office's choice, or the default (the best-selling LP in stock). */
    picks({ today }: { today: string }) {
      const month = monthOf(today);
      const chosen = db
        .select({ plan: clubPicks.plan, recordId: clubPicks.recordId, title: records.title, artist: records.artist })
        .from(clubPicks)
        .innerJoin(records, eq(records.id, clubPicks.recordId))
        .where(eq(clubPicks.month, month))
        .all();
      const earlier = db
        .select({ recordId: clubPicks.recordId })
        .from(clubPicks)
        .where(sql`${clubPicks.month} < ${month}`)
        .all()
        .map((r) => r.recordId);
      const candidates = pickCandidates();
      const taken = [...earlier, ...chosen.map((c) => c.recordId)];
      return CLUB_PLANS.map((plan) => {
        const choice = chosen.find((c) => c.plan === plan.id);
        if (choice)
          return { plan, month, chosen: true, record: { id: choice.recordId, title: choice.title, artist: choice.artist } };
        const fallback = defaultPick(candidates, { exclude: taken });
        if (fallback) taken.push(fallback.recordId);
        return {
          plan,
          month,
          chosen: false,
          record: fallback ? { id: fallback.recordId, title: fallback.title, artist: fallback.artist } : null,
        };
      });
    },

    /** The back office chooses a plan's record for a month (replacing any earlier choice); audited. */
    choosePick(actor: Actor, input: ChoosePick) {
      const record = db
        .select({ id: records.id, title: records.title, artist: records.artist })
        .from(records)
        .where(eq(records.id, input.recordId))
        .get();
      if (!record) throw new NotFoundError(`There is no record number ${input.recordId}.`);
      // Write lock first: the read of the old pick and the audit row's link in the chain belong to this write.
      return writeTransaction(db, (tx) => {
        const before = tx
          .select({ recordId: clubPicks.recordId })
          .from(clubPicks)
          .where(and(eq(clubPicks.plan, input.plan), eq(clubPicks.month, input.month)))
          .get();
        tx.insert(clubPicks)
          .values({ plan: input.plan as ClubPlanId, month: input.month, recordId: record.id, chosenBy: actor.id })
          .onConflictDoUpdate({
            target: [clubPicks.plan, clubPicks.month],
            set: { recordId: record.id, chosenBy: actor.id, updatedAt: new Date().toISOString() },
          })
          .run();
        deps.audit.record(actor, {
          entityType: "club-pick",
          entityId: `${input.plan}:${input.month}`,
          action: "club.pick",
          before: before ? { recordId: before.recordId } : null,
          after: { recordId: record.id },
        });
        return { plan: input.plan, month: input.month, record };
      });
    },
  };

  /** In-stock, published LPs with their units sold on paid orders: the default pick's candidates. */
  function pickCandidates(): (PickCandidate & { artist: string })[] {
    const sold = db
      .select({ recordId: orderLines.recordId, units: sql<number>`sum(${orderLines.quantity})`.as("units") })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.status, ["paid", "packed", "shipped", "delivered"]))
      .groupBy(orderLines.recordId)
      .as("sold");
    return db
      .select({
        recordId: records.id,
        title: records.title,
        artist: records.artist,
        genre: records.genre,
        format: records.format,
        stockQuantity: records.stockQuantity,
        unitsSold: sql<number>`coalesce(${sold.units}, 0)`,
      })
      .from(records)
      .leftJoin(sold, eq(sold.recordId, records.id))
      .where(
        and(
          eq(records.published, true),
          eq(records.hiddenByContent, false),
          sql`${records.stockQuantity} > 0`,
          sql`upper(coalesce(${records.format}, '')) like '%LP%'`,
        ),
      )
      .orderBy(desc(sql`coalesce(${sold.units}, 0)`), records.id)
      .limit(200)
      .all();
  }
}
