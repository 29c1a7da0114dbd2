import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { auditLog, discogsListings, records, stockMovements, users } from "../../db/schema";
import { upload } from "../../tests/setup/catalogue-admin";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({
    username: "importer",
    email: "importer@example.com",
    password: "secret-password",
  });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "importer" };
});

const HEADER =
  "listing_id,artist,title,label,catno,format,release_id,status,price,listed,comments,media_condition,sleeve_condition,accept_offer,external_id,weight,format_quantity,flat_shipping,location";
const row = (cells: string) => cells;
const row_ = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!;

describe("importing a Discogs inventory export", () => {
  it("adds each listing for sale as a used copy of the shop's pressing, with its listing noted, once", async () => {
    const byRelease = insertRecord(shop.t.db, {
      catalogNumber: "DSC 1",
      discogsReleaseId: 7001,
      pricePence: 2999,
      description: "New",
    });
    const byCatno = insertRecord(shop.t.db, { catalogNumber: "PHS 600-187", pricePence: 1999 });
    const csv = [
      HEADER,
      row(
        '880001,Someone,First,Label,DSC-1,"LP, Album",7001,For Sale,£12.50,2026-01-01,Light wear,Very Good Plus (VG+),Generic,N,,230,1,,Bin 4',
      ),
      row(
        "880002,Nina Simone,Pastel Blues,Philips,phs600187,LP,99999,For Sale,1200.00,2026-01-01,,Near Mint (NM or M-),Very Good (VG),N,,230,1,,",
      ),
      row("880003,Nobody,Unknown,Label,NONE-1,LP,123,For Sale,5.00,2026-01-01,,Good (G),Good (G),N,,230,1,,"),
      row("880004,Someone,First,Label,DSC-1,LP,7001,Draft,9.00,2026-01-01,,Good (G),Good (G),N,,230,1,,"),
    ].join("\n");

    const preview = await shop.s.adminCatalogue.previewImport(upload(csv));
    expect(preview.plan.kind).toBe("discogs");
    expect(preview.plan.counts).toMatchObject({ copy: 2, skip: 2, error: 0, create: 0, update: 0 });
    const { result } = await shop.s.adminCatalogue.applyImport(admin, { id: preview.id, hash: preview.hash, onlyValid: false });
    expect(result).toMatchObject({ added: 2, created: 0, updated: 0, skipped: 2 });

    // The new pressings are not edited.
    expect([row_(byRelease.id).pricePence, row_(byRelease.id).description]).toEqual([2999, "New"]);
    expect(row_(byCatno.id).pricePence).toBe(1999);
    const [first] = shop.s.usedCopies.allOf(byRelease.id);
    const [second] = shop.s.usedCopies.allOf(byCatno.id);
    expect(row_(first!.id)).toMatchObject({
      condition: "used",
      pricePence: 1250,
      mediaGrade: "VG+",
      sleeveKind: "generic",
      conditionNote: "Light wear",
      shelfLocation: "Bin 4",
      discogsReleaseId: 7001,
      stockQuantity: 1,
    });
    expect(row_(second!.id)).toMatchObject({ pricePence: 120000, mediaGrade: "NM", sleeveGrade: "VG", discogsReleaseId: 99999 });
    // As a copy added by hand: a delivery in the ledger and its audit rows; and its Discogs listing.
    const ledger = shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, first!.id)).all();
    expect(ledger.map((m) => [m.change, m.reason])).toEqual([[1, "delivery"]]);
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(first!.id)))
      .all();
    expect(audit.map((a) => a.action)).toEqual(["used copy listed", "imported from Discogs (listing 880001)"]);
    expect(shop.t.db.select().from(discogsListings).where(eq(discogsListings.recordId, first!.id)).get()).toMatchObject({
      listingId: 880001,
      state: "listed",
      listedPricePence: 1250,
    });

    // The same file again adds nothing: both listings are already in the shop.
    const again = await shop.s.adminCatalogue.previewImport(upload(csv));
    expect(again.plan.counts).toMatchObject({ copy: 0, skip: 4 });
    expect(again.plan.rows[0]).toMatchObject({
      action: "skip",
      reason: `Already imported: listing 880001 is record #${first!.id}`,
    });
    const copiesOf = (id: number) =>
      shop.t.db
        .select()
        .from(records)
        .where(and(eq(records.usedOfRecordId, id)))
        .all().length;
    expect([copiesOf(byRelease.id), copiesOf(byCatno.id)]).toEqual([1, 1]);
  });

  it("names a row the shop has no pressing for in the preview and the report", async () => {
    const csv = [HEADER, "880101,Nobody,Unknown,Label,NONE-2,LP,124,For Sale,5.00,,,Good (G),Good (G),N,,,,,"].join("\n");
    const preview = await shop.s.adminCatalogue.previewImport(upload(csv));
    expect(preview.plan.rows).toEqual([
      {
        line: 2,
        action: "skip",
        catalogNumber: "NONE-2",
        title: "Unknown",
        reason:
          "The shop has no pressing of Discogs release 124 or with catalogue number NONE-2: add it to the catalogue, then import the file again",
      },
    ]);
    expect(await shop.s.adminCatalogue.importReport(preview.id, preview.hash)).toContain("skipped");
  });
});
