import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { CURATED_STAFF_PICKS_BLURB, SPECIAL_CRATE_COPY } from "../../app/domain/crate/crate-query";
import { CURATED_LIST_INFO } from "../../app/domain/curation/curated-lists";
import { curatedPickSchema } from "../../app/domain/curation/curated-pick-schema";
import { ConflictError, NotFoundError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { auditLog, curatedPicks, records, users } from "../../db/schema";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let admin: Actor;
const today = "2026-11-26";

beforeAll(async () => {
  const user = await shop.s.accounts.register({ username: "curator", email: "curator@example.com", password: "secret-password" });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "curator" };
});

const add = (list: string, record: string, note?: string) =>
  shop.s.curation.add(admin, parseInput(curatedPickSchema, { list, record, note }));
const titles = (list: "staff-picks" | "record-of-the-week") => shop.s.curation.adminList(list).map((p) => p.record.title);
const clear = () => shop.t.db.delete(curatedPicks).run();

describe("curated lists", () => {
  it("adds by id or catalogue number (any case or spacing), in order, and refuses a record twice", () => {
    clear();
    const a = insertRecord(shop.t.db, { title: "Pick A", catalogNumber: "BLP-1577" });
    const b = insertRecord(shop.t.db, { title: "Pick B" });
    add("staff-picks", "blp 1577", "Side two!");
    add("staff-picks", `#${b.id}`);
    expect(titles("staff-picks")).toEqual(["Pick A", "Pick B"]);
    expect(shop.s.curation.adminList("staff-picks")[0]).toMatchObject({ note: "Side two!", record: { id: a.id } });
    expect(() => add("staff-picks", String(a.id))).toThrow(new ConflictError("Pick A is already in Staff picks."));
    expect(() => add("staff-picks", "NOPE 1")).toThrow(NotFoundError);
    expect(() => add("staff-picks", "99999999")).toThrow(NotFoundError);
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, "curated list")).all();
    expect(audit.map((e) => e.action)).toContain(`#${a.id} Pick A added`);
  });

  it("asks for the id when a catalogue number names several records", () => {
    clear();
    const x = insertRecord(shop.t.db, { catalogNumber: "DUP 9" });
    const y = insertRecord(shop.t.db, { catalogNumber: "dup-9" });
    expect(() => add("staff-picks", "DUP 9")).toThrow(`2 records share that catalogue number (#${x.id}, #${y.id})`);
  });

  it("keeps at most the list's size, and a new record of the week replaces the old one", () => {
    clear();
    const max = CURATED_LIST_INFO["staff-picks"].max;
    for (let i = 0; i < max; i++) add("staff-picks", String(insertRecord(shop.t.db).id));
    expect(() => add("staff-picks", String(insertRecord(shop.t.db).id))).toThrow(`holds at most ${max} records`);
    const first = insertRecord(shop.t.db, { title: "Week One" });
    const second = insertRecord(shop.t.db, { title: "Week Two" });
    add("record-of-the-week", String(first.id), "Lovely");
    add("record-of-the-week", String(second.id), "Even better");
    expect(shop.s.curation.adminList("record-of-the-week")).toMatchObject([{ note: "Even better", record: { id: second.id } }]);
  });

  it("moves a pick up and down, and removes one", () => {
    clear();
    const ids = ["One", "Two", "Three"].map((title) => insertRecord(shop.t.db, { title }).id);
    for (const id of ids) add("staff-picks", String(id));
    const pickOf = (title: string) => shop.s.curation.adminList("staff-picks").find((p) => p.record.title === title)!.id;
    expect(shop.s.curation.move(admin, pickOf("Three"), "up")).toBe("staff-picks");
    expect(titles("staff-picks")).toEqual(["One", "Three", "Two"]);
    shop.s.curation.move(admin, pickOf("One"), "up");
    expect(titles("staff-picks")).toEqual(["One", "Three", "Two"]);
    shop.s.curation.move(admin, pickOf("One"), "down");
    expect(titles("staff-picks")).toEqual(["Three", "One", "Two"]);
    expect(shop.s.curation.remove(admin, pickOf("One"))).toBe("staff-picks");
    expect(titles("staff-picks")).toEqual(["Three", "Two"]);
    expect(() => shop.s.curation.remove(admin, 99_999_999)).toThrow(NotFoundError);
    expect(() => shop.s.curation.move(admin, 99_999_999, "up")).toThrow(NotFoundError);
  });

  it("shows the shop only records on show, and the Staff picks crate deals them, else the rating rule", () => {
    clear();
    const seen = insertRecord(shop.t.db, { title: "On Show" });
    const hidden = insertRecord(shop.t.db, { title: "Hidden", published: false });
    const chooserBlurb = () => shop.s.crate.chooser({ today }).special.find((t) => t.key.kind === "staff-picks")!.blurb;
    expect(shop.s.crate.open({ kind: "staff-picks" }, { today })!.blurb).toBe(SPECIAL_CRATE_COPY["staff-picks"].blurb);
    add("staff-picks", String(hidden.id));
    add("staff-picks", String(seen.id));
    expect(shop.s.curation.onShow("staff-picks", today).map((p) => p.record.title)).toEqual(["On Show"]);
    const crate = shop.s.crate.open({ kind: "staff-picks" }, { today })!;
    expect(crate.records.map((r) => r.id)).toEqual([seen.id]);
    expect(crate.blurb).toBe(CURATED_STAFF_PICKS_BLURB);
    expect(chooserBlurb()).toBe(CURATED_STAFF_PICKS_BLURB);
    // A record deleted from the catalogue leaves its lists with it.
    shop.t.db.delete(records).where(eq(records.id, seen.id)).run();
    expect(shop.s.curation.adminList("staff-picks").map((p) => p.record.id)).toEqual([hidden.id]);
    expect(shop.s.crate.open({ kind: "staff-picks" }, { today })!.blurb).toBe(SPECIAL_CRATE_COPY["staff-picks"].blurb);
  });
});
