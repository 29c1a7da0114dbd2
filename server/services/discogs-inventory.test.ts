import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { usedCopySchema } from "../../app/domain/catalogue/used-copy-schema";
import { parseInput } from "../../app/domain/shared/parse-input";
import { auditLog, records, users } from "../../db/schema";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({ username: "lister", email: "lister@example.com", password: "secret-password" });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "lister" };
  // Only copies count: the seeded shop has none.
  shop.t.db.update(records).set({ published: false }).where(eq(records.condition, "used")).run();
});

const addCopy = (pressingId: number, input: Record<string, unknown>) =>
  shop.s.usedCopies.add(admin, pressingId, parseInput(usedCopySchema, input, { message: "first" }));

describe("the Discogs inventory upload", () => {
  it("lists the copies on sale with a release id, and names those left out", () => {
    const lp = insertRecord(shop.t.db, { format: "Vinyl 2×LP", discogsReleaseId: 555 });
    const single = insertRecord(shop.t.db, { format: "Vinyl 7-inch" });
    const listed = addCopy(lp.id, { price: "12.50", mediaGrade: "NM", sleeveGrade: "VG+", note: "Shrink", shelfLocation: "B2" });
    const noRelease = addCopy(single.id, { price: "4", mediaGrade: "VG", sleeveGrade: "VG", sleeveKind: "generic" });
    const unpublished = addCopy(lp.id, { price: "9", mediaGrade: "G", sleeveGrade: "G" });
    shop.t.db.update(records).set({ published: false }).where(eq(records.id, unpublished.id)).run();
    const sold = addCopy(lp.id, { price: "9", mediaGrade: "G", sleeveGrade: "G" });
    shop.s.adminStock.adjust(admin, sold.id, { reason: "damaged", change: -1 });

    const file = shop.s.discogsInventory.uploadFile(admin);
    const rows = parse(file.csv) as string[][];
    expect(rows.slice(1)).toEqual([
      ["555", "12.50", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Shrink", "N", "B2", listed.catalogueId, "460", "2"],
    ]);
    expect(file.leftOut.map((c) => c.id)).toEqual([noRelease.id]);
    expect(shop.s.discogsInventory.leftOut()).toMatchObject({ count: 1, copies: [{ id: noRelease.id }] });
    const audit = shop.t.db.select().from(auditLog).where(eq(auditLog.entityId, "discogs inventory")).all();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["export", admin.id]]);
  });
});
