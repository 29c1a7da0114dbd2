/** The record club's back office: the member list, and each plan's monthly pick (chosen, or the default). */
import { and, count, desc, eq } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import { clubMemberships, clubPicks, records, users } from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import type { ChoosePick } from "../../app/domain/club/club-schemas";
import type { MembershipStatus } from "../../app/domain/club/membership";
import { monthAfter } from "../../app/domain/club/parcels";
import { monthOf } from "../../app/domain/club/pick";
import type { ClubPlanId } from "../../app/domain/club/plans";
import { NotFoundError } from "../../app/domain/shared/errors";
import { pageWindow } from "../../app/domain/shared/paging";
import type { AuditService } from "./audit";
import { viewOf } from "./club-memberships";
import type { ClubParcelsService } from "./club-parcels";
import { pickCandidates, picksFor, type MonthPick } from "./club-picks";

export const MEMBERS_PAGE_SIZE = 25;

export function createClubBackOfficeService(db: Db, deps: { audit: AuditService; parcels: ClubParcelsService }) {
  return {
    /** The back office's member list, newest first, optionally of one status, with each member's parcel this month. */
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
      const parcels = deps.parcels.parcelStatuses(
        rows.map((r) => r.m),
        monthOf(today),
      );
      return {
        members: rows.map((r) => ({ ...viewOf(r.m, today), username: r.username, email: r.email, parcel: parcels.get(r.m.id)! })),
        page: shown,
        pageCount,
        total,
        byStatus,
      };
    },

    /**
     * The picks of this month and the next, per plan: a member whose first record ships next month gets next
     * month's pick, so the back office chooses both.
     */
    picks({ today }: { today: string }): { thisMonth: MonthPick[]; nextMonth: MonthPick[] } {
      const candidates = pickCandidates(db);
      const month = monthOf(today);
      return { thisMonth: picksFor(db, month, candidates), nextMonth: picksFor(db, monthAfter(month), candidates) };
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

    /** The back office takes a plan's chosen record for a month back, so the default applies again; audited. */
    removePick(actor: Actor, { plan, month }: { plan: ClubPlanId; month: string }) {
      return writeTransaction(db, (tx) => {
        const removed = tx
          .delete(clubPicks)
          .where(and(eq(clubPicks.plan, plan), eq(clubPicks.month, month)))
          .returning({ recordId: clubPicks.recordId })
          .get();
        if (!removed) throw new NotFoundError("That pick has already been taken back.");
        deps.audit.record(actor, {
          entityType: "club-pick",
          entityId: `${plan}:${month}`,
          action: "club.pick.remove",
          before: { recordId: removed.recordId },
          after: null,
        });
        return { plan, month };
      });
    },
  };
}
