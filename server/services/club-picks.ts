/** Each plan's record for a month: the back office's choice, or the default (the best-selling LP in stock not picked before). */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clubPicks, orderLines, orders, records } from "../../db/schema";
import { defaultPick, type PickCandidate } from "../../app/domain/club/pick";
import { CLUB_PLANS, type ClubPlan } from "../../app/domain/club/plans";

export interface MonthPick {
  plan: ClubPlan;
  month: string;
  chosen: boolean;
  record: { id: number; title: string; artist: string } | null;
}

export type PickCandidateRow = PickCandidate & { artist: string };

/** In-stock, published LPs with their units sold to shoppers (club parcels are not sales): the default pick's candidates. */
export function pickCandidates(db: Db): PickCandidateRow[] {
  const sold = db
    .select({ recordId: orderLines.recordId, units: sql<number>`sum(${orderLines.quantity})`.as("units") })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orders.status, ["paid", "packed", "shipped", "delivered"]), eq(orders.kind, "shop")))
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

/** Every plan's pick for `month` ("YYYY-MM"); `candidates` when the caller has read them already. */
export function picksFor(db: Db, month: string, candidates: readonly PickCandidateRow[] = pickCandidates(db)): MonthPick[] {
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
  const taken = [...earlier, ...chosen.map((c) => c.recordId)];
  return CLUB_PLANS.map((plan) => {
    const choice = chosen.find((c) => c.plan === plan.id);
    if (choice) return { plan, month, chosen: true, record: { id: choice.recordId, title: choice.title, artist: choice.artist } };
    const fallback = defaultPick(candidates, { exclude: taken });
    if (fallback) taken.push(fallback.recordId);
    return {
      plan,
      month,
      chosen: false,
      record: fallback ? { id: fallback.recordId, title: fallback.title, artist: fallback.artist } : null,
    };
  });
}
