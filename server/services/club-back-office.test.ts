import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { NotFoundError } from "../../app/domain/shared/errors";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { JOINED, useRecordClub } from "../../tests/setup/record-club";

const { club, shop, member, signUp } = useRecordClub();

describe("back office", () => {
  it("lists members by status and pages", async () => {
    const staying = member();
    const pausing = member();
    await signUp(staying.id);
    await signUp(pausing.id);
    await club.act(pausing.id, "pause", { today: JOINED });
    const all = club.members({ page: 1 }, { today: JOINED });
    expect(all.total).toBe(2);
    expect(all.members.map((m) => m.username)).toEqual([pausing.username, staying.username]);
    const paused = club.members({ status: "paused", page: 1 }, { today: JOINED });
    expect(paused.members.map((m) => [m.username, m.status])).toEqual([[pausing.username, "paused"]]);
    expect(paused.total).toBe(paused.byStatus.paused);
    expect(paused.byStatus).toEqual({ active: 1, paused: 1 });
  });

  it("shows a default pick per plan, and an audited choice replaces it", () => {
    const best = insertRecord(shop.t.db, { title: "Club Default", format: "LP", stockQuantity: 4 });
    const other = insertRecord(shop.t.db, { title: "Club Choice", format: "LP", stockQuantity: 4 });
    const picks = club.picks({ today: JOINED }).thisMonth;
    expect(picks).toHaveLength(2);
    expect(picks.every((p) => !p.chosen && p.record !== null)).toBe(true);
    expect(picks[0]!.record!.id).not.toBe(picks[1]!.record!.id);
    const admin = member("admin");
    club.choosePick({ id: admin.id, username: admin.username }, { plan: "one-lp", month: "2026-11", recordId: other.id });
    const after = club.picks({ today: JOINED }).thisMonth;
    expect(after[0]).toMatchObject({ chosen: true, record: { id: other.id, title: "Club Choice" } });
    expect(after[1]!.record?.id).not.toBe(other.id);
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityId, "one-lp:2026-11")).all();
    expect(audit).toHaveLength(1);
    expect(() =>
      club.choosePick({ id: admin.id, username: admin.username }, { plan: "one-lp", month: "2026-11", recordId: 999_999 }),
    ).toThrow(NotFoundError);
    expect(best.id).toBeGreaterThan(0);
  });

  it("offers next month's picks too, for members whose first record ships next month", () => {
    const december = insertRecord(shop.t.db, { title: "December Choice", format: "LP", stockQuantity: 4 });
    const admin = member("admin");
    const { nextMonth } = club.picks({ today: JOINED });
    expect(nextMonth.map((p) => p.month)).toEqual(["2026-12", "2026-12"]);
    club.choosePick({ id: admin.id, username: admin.username }, { plan: "two-lp", month: "2026-12", recordId: december.id });
    const after = club.picks({ today: JOINED });
    expect(after.nextMonth[1]).toMatchObject({ chosen: true, record: { id: december.id } });
    expect(after.thisMonth[1]!.record?.id).not.toBe(december.id);
  });
});
