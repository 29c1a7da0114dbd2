import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  clubMemberships,
  emailOutbox,
  clubParcels,
  orderLines,
  orders,
  records,
  stockMovements,
} from "../../db/schema";
import { clubAddressSchema } from "../../app/domain/club/club-schemas";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { CLUB_ADDRESS, useRecordClub } from "../../tests/setup/record-club";

const { club, shop, member, signUp } = useRecordClub();

// Joined on 25 November 2026: the first record ships on 30 November, so November owes the parcel.
const NOVEMBER = { today: "2026-11-26" };

const parcelsOf = (membershipId: number) =>
  shop.t.db
    .select({ month: clubParcels.month, order: orders })
    .from(clubParcels)
    .innerJoin(orders, eq(orders.id, clubParcels.orderId))
    .where(eq(clubParcels.membershipId, membershipId))
    .all();
const stockOf = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!.stockQuantity;
const admin = () => {
  const a = member("admin");
  return { id: a.id, username: a.username };
};

describe("the month's club parcels", () => {
  it("makes one £0 club order per member owed a parcel, from the month's pick, taking its stock with a ledger entry", async () => {
    const pick = insertRecord(shop.t.db, { title: "November Pick", format: "LP", stockQuantity: 3 });
    club.choosePick(admin(), { plan: "one-lp", month: "2026-11", recordId: pick.id });
    const u = member();
    const { id } = await signUp(u.id);

    const run = club.generateParcels(NOVEMBER, admin());
    expect(run.month).toBe("2026-11");
    expect(run.held.map((h) => h.membershipId)).not.toContain(id);
    const [parcel] = parcelsOf(id);
    expect(parcel).toMatchObject({
      month: "2026-11",
      order: {
        kind: "club",
        status: "paid",
        totalPence: 0,
        paidAt: null,
        userId: u.id,
        shippingName: "Ann Lee",
        postalCode: "LS1 4AP",
        country: "United Kingdom",
        countryCode: "GB",
        deliveryService: "tracked_48",
        shippingService: "tracked_48",
      },
    });
    const lines = shop.t.db.select().from(orderLines).where(eq(orderLines.orderId, parcel!.order.id)).all();
    expect(lines.map((l) => [l.recordId, l.quantity, l.unitPricePence])).toEqual([[pick.id, 1, 0]]);
    expect(stockOf(pick.id)).toBe(2);
    const ledger = shop.t.db.select().from(stockMovements).where(eq(stockMovements.orderId, parcel!.order.id)).all();
    expect(ledger).toMatchObject([
      { recordId: pick.id, change: -1, reason: "club_parcel", note: "Record club parcel for 2026-11" },
    ]);
    expect(shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "club-parcels")).all()).toHaveLength(1);

    // In the shipping queue beside the shop's orders, marked as the club's.
    const queued = shop.s.adminShipping.queue().toPack.find((p) => p.orderNumber === parcel!.order.orderNumber);
    expect(queued).toMatchObject({ kind: "club", lines: [{ title: "November Pick", quantity: 1 }] });
  });

  it("run twice (or twice at once) makes each parcel once and takes the stock once", async () => {
    const pick = insertRecord(shop.t.db, { title: "Twice Pick", format: "LP", stockQuantity: 5 });
    club.choosePick(admin(), { plan: "one-lp", month: "2026-11", recordId: pick.id });
    const { id } = await signUp(member().id);
    const runs = [club.generateParcels(NOVEMBER), club.generateParcels(NOVEMBER)];
    expect(runs[1]!.made).toBe(0);
    expect(runs[1]!.already).toBeGreaterThanOrEqual(1);
    expect(parcelsOf(id)).toHaveLength(1);
    expect(stockOf(pick.id)).toBe(4);
  });

  it("leaves out paused members and skipped months, and sends the members who paid", async () => {
    const pick = insertRecord(shop.t.db, { title: "January Pick", format: "LP", stockQuantity: 9 });
    club.choosePick(admin(), { plan: "one-lp", month: "2027-01", recordId: pick.id });
    const paying = member();
    const skipping = member();
    const pausing = member();
    const p = await signUp(paying.id);
    const s = await signUp(skipping.id);
    const z = await signUp(pausing.id);
    await club.act(skipping.id, "skip", NOVEMBER);
    await club.act(pausing.id, "pause", NOVEMBER);
    // 25 December: the paying member pays for January's record; the skipped renewal rolls on unpaid.
    await club.renewDue({ today: "2026-12-25" });
    const run = club.generateParcels({ today: "2027-01-10" });
    expect(parcelsOf(p.id).map((x) => x.month)).toEqual(["2027-01"]);
    expect(parcelsOf(s.id).filter((x) => x.month === "2027-01")).toEqual([]);
    expect(parcelsOf(z.id).filter((x) => x.month === "2027-01")).toEqual([]);
    expect(run.held.map((h) => h.membershipId)).not.toContain(s.id);
    const statuses = club.parcelStatuses(shop.t.db.select().from(clubMemberships).all(), "2027-01");
    expect(statuses.get(p.id)).toMatchObject({ kind: "made", status: "paid" });
    expect(statuses.get(s.id)).toEqual({ kind: "none", reason: "Nothing due this month" });
    expect(statuses.get(z.id)).toEqual({ kind: "none", reason: "Paused" });
  });

  it("holds the parcel of a member without an address until one is given", async () => {
    const pick = insertRecord(shop.t.db, { title: "Held Pick", format: "LP", stockQuantity: 5 });
    club.choosePick(admin(), { plan: "one-lp", month: "2026-11", recordId: pick.id });
    const u = member();
    const { id } = await signUp(u.id);
    // A membership begun before the club asked for an address.
    shop.t.db
      .update(clubMemberships)
      .set({ deliveryName: null, addressLine1: null, city: null, postalCode: null })
      .where(eq(clubMemberships.id, id))
      .run();
    expect(club.membership(u.id, NOVEMBER)?.address).toBeNull();

    const held = club.generateParcels(NOVEMBER);
    expect(held.held).toContainEqual({ membershipId: id, reason: "No delivery address" });
    expect(parcelsOf(id)).toEqual([]);

    club.changeAddress(u.id, clubAddressSchema.parse({ ...CLUB_ADDRESS, postalCode: "m1 1ae" }), NOVEMBER);
    club.generateParcels(NOVEMBER);
    expect(parcelsOf(id)).toMatchObject([{ month: "2026-11", order: { postalCode: "M1 1AE" } }]);
  });

  it("a member abroad: the parcel goes to their country by the zone's service, recorded on the club order", async () => {
    const pick = insertRecord(shop.t.db, { title: "Dublin Pick", format: "LP", stockQuantity: 5 });
    club.choosePick(admin(), { plan: "one-lp", month: "2026-11", recordId: pick.id });
    const u = member();
    const { id } = await signUp(u.id);
    const dublin = { ...CLUB_ADDRESS, city: "Dublin", postalCode: "d02x285", country: "Ireland" };
    club.changeAddress(u.id, clubAddressSchema.parse(dublin), NOVEMBER);
    expect(club.membership(u.id, NOVEMBER)?.address).toMatchObject({ country: "IE", postalCode: "D02 X285" });

    club.generateParcels(NOVEMBER);
    expect(parcelsOf(id)).toMatchObject([
      {
        month: "2026-11",
        order: {
          city: "Dublin",
          postalCode: "D02 X285",
          country: "Ireland",
          countryCode: "IE",
          deliveryService: "intl_standard",
          totalPence: 0,
        },
      },
    ]);
  });

  it("holds a parcel whose pick is out of stock, taking nothing", async () => {
    const pick = insertRecord(shop.t.db, { title: "Gone Pick", format: "LP", stockQuantity: 0 });
    const ordered = shop.t.db.select().from(orders).all().length;
    club.choosePick(admin(), { plan: "one-lp", month: "2026-11", recordId: pick.id });
    const { id } = await signUp(member().id);
    const run = club.generateParcels(NOVEMBER);
    expect(run.held).toContainEqual({ membershipId: id, reason: 'Sorry, "Gone Pick" is out of stock.' });
    expect(parcelsOf(id)).toEqual([]);
    // No other parcel was made either: every member owed one this month shares the one pick.
    expect(shop.t.db.select().from(orders).all()).toHaveLength(ordered);
  });

  it("shows the member their dispatched parcel with its record, date and tracking", async () => {
    const pick = insertRecord(shop.t.db, { title: "Tracked Pick", format: "LP", stockQuantity: 5 });
    const a = admin();
    club.choosePick(a, { plan: "one-lp", month: "2026-11", recordId: pick.id });
    const u = member();
    const { id } = await signUp(u.id);
    club.generateParcels(NOVEMBER);
    const orderNumber = parcelsOf(id)[0]!.order.orderNumber;
    expect(club.parcelsOf(u.id)).toMatchObject([{ month: "2026-11", status: "paid", tracking: null }]);
    shop.s.adminOrders.ship(a, orderNumber, { trackingNumber: "AB123456785GB" });
    expect(club.parcelsOf(u.id)).toMatchObject([
      {
        month: "2026-11",
        orderNumber,
        status: "shipped",
        shippedAt: expect.any(String),
        tracking: { number: "AB123456785GB" },
        records: [{ title: "Tracked Pick" }],
      },
    ]);
    // The member's order history is the shop's orders; the parcel shows in the club part instead.
    expect(shop.s.orders.listForUser(u.id).map((o) => o.orderNumber)).not.toContain(orderNumber);
    // Its dispatch mail offers a replacement, not the returns form (there is nothing to refund on a £0 order).
    const dispatch = shop.t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "order-dispatch"), eq(emailOutbox.orderId, parcelsOf(id)[0]!.order.id)))
      .get()!;
    expect(dispatch.textBody).not.toContain("/returns/start");
    expect(dispatch.textBody).toContain("we will replace a damaged, faulty or wrong record");
  });
});
