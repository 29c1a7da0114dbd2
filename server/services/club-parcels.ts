/**
 * The record club's monthly parcels. Each is made as an order of kind "club" at £0 (the membership paid for
 * it), already paid, so it waits in the shipping queue beside the shop's orders and goes through the same
 * packing bench, slips, labels, dispatch mail and tracking (docs/decisions/0066). The rule of who gets one is
 * app/domain/club/parcels.ts; club_parcels' unique (membership, month) makes each parcel once, however often
 * the month is generated.
 */
import { and, desc, eq, gte, inArray, lt, max, sql } from "drizzle-orm";
import { writeTransaction, type Db } from "../../db/client";
import {
  clubMemberships,
  clubParcels,
  clubPayments,
  orderLines,
  orders,
  records,
  stockMovements,
  users,
  type ClubMembershipRow,
} from "../../db/schema";
import type { Actor } from "../../app/domain/admin/audit";
import { monthAfter, parcelFor, parcelRecords, type ParcelDecision } from "../../app/domain/club/parcels";
import { monthOf } from "../../app/domain/club/pick";
import { planById } from "../../app/domain/club/plans";
import type { OrderStatus } from "../../app/domain/orders/order-status";
import { OutOfStockError } from "../../app/domain/shared/errors";
import { packingServiceFor, trackingUrl } from "../../app/domain/shipping/royal-mail";
import { countryByCode, UNITED_KINGDOM } from "../../app/domain/international/countries";
import { DEFAULT_SERVICE } from "../../app/domain/international/delivery-services";
import type { AuditService } from "./audit";
import { addressOf, LIVE } from "./club-memberships";
import { pickCandidates, picksFor } from "./club-picks";
import { newOrderNumber } from "./orders";

/**
 * Where a club parcel goes and how: the member's country, and its zone's everyday service (Tracked 48 in the UK,
 * International Standard abroad), so the dispatch queue and its customs paperwork treat it like any order's.
 */
function clubDestination(countryCode: string) {
  const country = countryByCode(countryCode) ?? UNITED_KINGDOM;
  return { country: country.name, countryCode: country.code, deliveryService: DEFAULT_SERVICE[country.zone] };
}

export interface ParcelRun {
  month: string;
  made: number;
  /** Parcels this run found made already (an earlier run, or another process). */
  already: number;
  /** Parcels owed but not made, and why (no address, nothing in stock to send). */
  held: { membershipId: number; reason: string }[];
}

/** A month's parcel as the back office's member list shows it. */
export type ParcelStatus =
  | { kind: "made"; orderNumber: string; status: OrderStatus; shippedAt: string | null }
  | { kind: "due" }
  | { kind: "held"; reason: string }
  | { kind: "none"; reason: string };

export interface MemberParcel {
  month: string;
  orderNumber: string;
  status: OrderStatus;
  shippedAt: string | null;
  tracking: { number: string; url: string } | null;
  records: { title: string; artist: string }[];
}

/** The first day of `month` and of the month after: the range its shipments fall in. */
const monthRange = (month: string) => [`${month}-01`, `${monthAfter(month)}-01`] as const;

export function createClubParcelsService(db: Db, deps: { audit: AuditService }) {
  /** Each membership's latest paid month (the day its payment was for). */
  function lastPaid(ids: readonly number[]): Map<number, string> {
    if (ids.length === 0) return new Map();
    const rows = db
      .select({ id: clubPayments.membershipId, on: max(clubPayments.periodStart) })
      .from(clubPayments)
      .where(and(inArray(clubPayments.membershipId, [...ids]), eq(clubPayments.status, "paid")))
      .groupBy(clubPayments.membershipId)
      .all();
    return new Map(rows.flatMap((r) => (r.on ? [[r.id, r.on] as const] : [])));
  }

  function decide(m: ClubMembershipRow, paid: Map<number, string>, month: string): ParcelDecision {
    return parcelFor(
      { status: m.status, nextShipmentOn: m.nextShipmentOn, lastPaidOn: paid.get(m.id) ?? null, hasAddress: !!addressOf(m) },
      month,
    );
  }

  /** The month's parcels already made, by membership. */
  function madeFor(ids: readonly number[], month: string) {
    if (ids.length === 0) return new Map<number, { orderNumber: string; status: OrderStatus; shippedAt: string | null }>();
    const rows = db
      .select({
        id: clubParcels.membershipId,
        orderNumber: orders.orderNumber,
        status: orders.status,
        shippedAt: orders.shippedAt,
      })
      .from(clubParcels)
      .innerJoin(orders, eq(orders.id, clubParcels.orderId))
      .where(and(inArray(clubParcels.membershipId, [...ids]), eq(clubParcels.month, month)))
      .all();
    return new Map(rows.map(({ id, ...r }) => [id, r]));
  }

  /** The records a member has been sent before: their second LP is never one of them again. */
  function sentTo(membershipId: number): number[] {
    return db
      .select({ recordId: orderLines.recordId })
      .from(clubParcels)
      .innerJoin(orderLines, eq(orderLines.orderId, clubParcels.orderId))
      .where(eq(clubParcels.membershipId, membershipId))
      .all()
      .map((r) => r.recordId);
  }

  /**
   * Makes one parcel: the stock is taken as a sale takes it (conditionally, with a ledger entry of its own
   * reason), the £0 order and its lines are written, and the parcel row last. False when it was made already.
   */
  function makeParcel(m: ClubMembershipRow, month: string, recordIds: readonly number[]): boolean {
    return writeTransaction(db, (tx) => {
      const existing = tx
        .select({ id: clubParcels.id })
        .from(clubParcels)
        .where(and(eq(clubParcels.membershipId, m.id), eq(clubParcels.month, month)))
        .get();
      if (existing) return false;
      const address = addressOf(m)!;
      const email = tx.select({ email: users.email }).from(users).where(eq(users.id, m.userId)).get()!.email;
      const found = tx
        .select({ id: records.id, title: records.title, artist: records.artist })
        .from(records)
        .where(inArray(records.id, [...recordIds]))
        .all();
      for (const id of recordIds) {
        const record = found.find((r) => r.id === id);
        const taken = tx
          .update(records)
          .set({ stockQuantity: sql`${records.stockQuantity} - 1` })
          .where(and(eq(records.id, id), sql`${records.stockQuantity} >= 1`))
          .run();
        // Thrown inside the transaction: stock taken for the parcel's other records goes back with it.
        if (!record || taken.changes !== 1) throw new OutOfStockError(id, record?.title ?? `Record ${id}`);
      }
      const order = tx
        .insert(orders)
        .values({
          orderNumber: newOrderNumber(),
          kind: "club",
          userId: m.userId,
          email,
          // Paid by the membership, not by this order: no paid_at, so the shop's sales figures leave it out.
          status: "paid",
          shippingName: address.name,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2 || null,
          city: address.city,
          postalCode: address.postalCode,
          ...clubDestination(address.country),
          itemsPence: 0,
          shippingPence: 0,
          totalPence: 0,
          vatPence: 0,
          idempotencyKey: `club-parcel-${m.id}-${month}`,
          paymentProvider: "club",
          // Packed with the zone's everyday service: Royal Mail Tracked 48 in the UK.
          shippingService: packingServiceFor(clubDestination(address.country).deliveryService),
        })
        .returning({ id: orders.id })
        .get();
      for (const id of recordIds) {
        const record = found.find((r) => r.id === id)!;
        tx.insert(orderLines)
          .values({
            orderId: order.id,
            recordId: id,
            title: record.title,
            artist: record.artist,
            unitPricePence: 0,
            quantity: 1,
            lineTotalPence: 0,
          })
          .run();
        tx.insert(stockMovements)
          .values({ recordId: id, change: -1, reason: "club_parcel", orderId: order.id, note: `Record club parcel for ${month}` })
          .run();
      }
      tx.insert(clubParcels).values({ membershipId: m.id, month, orderId: order.id }).run();
      return true;
    });
  }

  return {
    /**
     * Makes this month's parcels for every member owed one that has none yet. Run by the back office (audited)
     * and once a day by the server; a second run makes nothing new.
     */
    generateParcels({ today }: { today: string }, actor?: Actor): ParcelRun {
      const month = monthOf(today);
      const [from, to] = monthRange(month);
      const due = db
        .select()
        .from(clubMemberships)
        .where(and(LIVE, gte(clubMemberships.nextShipmentOn, from), lt(clubMemberships.nextShipmentOn, to)))
        .orderBy(clubMemberships.id)
        .all();
      const paid = lastPaid(due.map((m) => m.id));
      const made = madeFor(
        due.map((m) => m.id),
        month,
      );
      const candidates = pickCandidates(db);
      const picks = picksFor(db, month, candidates);
      const run: ParcelRun = { month, made: 0, already: 0, held: [] };
      for (const m of due) {
        const decision = decide(m, paid, month);
        if (decision.kind === "none") continue;
        if (made.has(m.id)) {
          run.already += 1;
          continue;
        }
        if (decision.kind === "held") {
          run.held.push({ membershipId: m.id, reason: decision.reason });
          continue;
        }
        const plan = planById(m.plan)!;
        const pick = picks.find((p) => p.plan.id === plan.id)?.record?.id ?? null;
        const recordIds = parcelRecords(plan, pick, candidates, { genre: m.favouriteGenre, sentBefore: sentTo(m.id) });
        if (!recordIds) {
          run.held.push({ membershipId: m.id, reason: "No LP in stock to send" });
          continue;
        }
        try {
          if (makeParcel(m, month, recordIds)) run.made += 1;
          else run.already += 1;
        } catch (error) {
          if (!(error instanceof OutOfStockError)) throw error;
          run.held.push({ membershipId: m.id, reason: error.message });
        }
      }
      if (actor) {
        deps.audit.record(actor, {
          entityType: "club-parcels",
          entityId: month,
          action: "club.parcels",
          after: { made: run.made, already: run.already, held: run.held.length },
        });
      }
      return run;
    },

    /** Each membership's parcel for `month`: made (and where it stands), due, held and why, or none and why. */
    parcelStatuses(memberships: readonly ClubMembershipRow[], month: string): Map<number, ParcelStatus> {
      const ids = memberships.map((m) => m.id);
      const paid = lastPaid(ids);
      const made = madeFor(ids, month);
      return new Map(
        memberships.map((m): [number, ParcelStatus] => {
          const parcel = made.get(m.id);
          if (parcel) return [m.id, { kind: "made", ...parcel }];
          const decision = decide(m, paid, month);
          return [m.id, decision.kind === "due" ? { kind: "due" } : decision];
        }),
      );
    },

    /** A member's club parcels, newest first: what was in each, and its tracking once dispatched. */
    parcelsOf(userId: number, limit = 12): MemberParcel[] {
      const rows = db
        .select({
          orderId: orders.id,
          month: clubParcels.month,
          orderNumber: orders.orderNumber,
          status: orders.status,
          shippedAt: orders.shippedAt,
          trackingNumber: orders.trackingNumber,
        })
        .from(clubParcels)
        .innerJoin(clubMemberships, eq(clubMemberships.id, clubParcels.membershipId))
        .innerJoin(orders, eq(orders.id, clubParcels.orderId))
        .where(eq(clubMemberships.userId, userId))
        .orderBy(desc(clubParcels.month), desc(clubParcels.id))
        .limit(limit)
        .all();
      if (rows.length === 0) return [];
      const lines = db
        .select({ orderId: orderLines.orderId, title: orderLines.title, artist: orderLines.artist })
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((r) => r.orderId),
          ),
        )
        .orderBy(orderLines.id)
        .all();
      return rows.map(({ orderId, trackingNumber, ...r }) => ({
        ...r,
        tracking: r.shippedAt && trackingNumber ? { number: trackingNumber, url: trackingUrl(trackingNumber) } : null,
        records: lines.filter((l) => l.orderId === orderId).map(({ title, artist }) => ({ title, artist })),
      }));
    },
  };
}

export type ClubParcelsService = ReturnType<typeof createClubParcelsService>;
