import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { DEFAULT_COVER_URL } from "../../app/domain/catalogue/hiding";
import { intakeCopySchema } from "../../app/domain/intake/intake-schemas";
import { parseInput } from "../../app/domain/shared/parse-input";
import { auditLog, records, stockMovements, users } from "../../db/schema";
import { paidUsedCopyOrder } from "../../tests/setup/admin-routes";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";
import { DiscogsAuthError, DiscogsUnavailableError, type DiscogsClient, type DiscogsRelease } from "../discogs/discogs-client";
import { createIntakeService } from "./intake";

const shop = useShopServices();
let admin: Actor;

beforeAll(async () => {
  const user = await shop.s.accounts.register({ username: "intaker", email: "intaker@example.com", password: "secret-password" });
  shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
  admin = { id: user.id, username: "intaker" };
});

const release = (over: Partial<DiscogsRelease> = {}): DiscogsRelease => ({
  id: 7_000_001,
  title: "The Dark Side Of The Moon",
  artist: "Pink Floyd",
  year: 2016,
  label: "Pink Floyd Records",
  catalogNumber: "PFRLP8",
  format: "Vinyl, LP, Album, Reissue, Remastered, 180g",
  country: "Europe",
  thumbUrl: null,
  ...over,
});

/** A stand-in for Discogs: answers every search with `answer` (or throws it), and keeps the searches asked. */
function fakeDiscogs(answer: DiscogsRelease[] | Error) {
  const asked: { barcode?: string; catalogNumber?: string }[] = [];
  const client: DiscogsClient = {
    identity: async () => ({ username: "shop" }),
    searchReleases: async (query) => {
      asked.push(query);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    createListing: async () => ({ listingId: 1 }),
    updateListing: async () => {},
    deleteListing: async () => {},
    ordersSince: async () => [],
  };
  return { client, asked };
}

const intakeWith = (discogs: DiscogsClient | null) =>
  createIntakeService(shop.t.db, { usedCopies: shop.s.usedCopies, audit: shop.s.audit, discogs });
const row = (id: number) => shop.t.db.select().from(records).where(eq(records.id, id)).get()!;
const copyForm = (fields: Record<string, string>) => parseInput(intakeCopySchema, fields, { message: "first" });
let n = 0;
/** A barcode no other test uses: 12 digits of a counter with a valid check digit appended (an EAN-13). */
function uniqueEan(): string {
  n += 1;
  const body = `50${String(process.pid % 1000).padStart(3, "0")}${String(n).padStart(7, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

describe("looking up a code among the shop's own pressings", () => {
  it("finds a pressing by its barcode, a UPC-A by the EAN-13 it is inside, and leaves used copies out", async () => {
    const p = insertRecord(shop.t.db, { barcode: "0724358213621", catalogNumber: "SHVL 804" });
    shop.s.usedCopies.add(admin, p.id, { price: 1000, mediaGrade: "VG", sleeveGrade: "VG" });
    const found = await intakeWith(null).lookup("7 24358 21362 1");
    expect(found.reading).toMatchObject({ kind: "barcode", symbology: "UPC-A" });
    expect(found.own.map((o) => [o.id, o.matchedBy])).toEqual([[p.id, "barcode"]]);
    expect(found.discogs).toEqual({ state: "off" });
  });

  it("finds a pressing by its catalogue number, whatever the case, spaces, hyphens and dots", async () => {
    const p = insertRecord(shop.t.db, { catalogNumber: "XLLP-740.2" });
    const found = await intakeWith(null).lookup("xllp 7402");
    expect(found.own.map((o) => [o.id, o.matchedBy])).toEqual([[p.id, "catalogue number"]]);
  });

  it("answers a wrong check digit with the refusal and asks nobody", async () => {
    const discogs = fakeDiscogs([release()]);
    const found = await intakeWith(discogs.client).lookup("5099902987614");
    expect(found.reading).toMatchObject({ kind: "refused", message: expect.stringContaining("check digit should be 3, not 4") });
    expect(found.own).toEqual([]);
    expect(discogs.asked).toEqual([]);
  });
});

describe("Discogs's candidates", () => {
  it("lists the releases for a barcode, marking the one the shop has, and finds the shop's pressing without a barcode by catalogue number", async () => {
    const ean = uniqueEan();
    const have = insertRecord(shop.t.db, { discogsReleaseId: 7_100_001 });
    const noBarcode = insertRecord(shop.t.db, { catalogNumber: "PFR LP 8" });
    const discogs = fakeDiscogs([
      release({ id: 7_100_001, catalogNumber: "PFRLP8" }),
      release({ id: 7_100_002, catalogNumber: "PFRLP8", country: "US" }),
    ]);
    const found = await intakeWith(discogs.client).lookup(ean);
    expect(discogs.asked).toEqual([{ barcode: ean }]);
    expect(found.discogs.state).toBe("ok");
    expect(found.discogs.state === "ok" && found.discogs.releases.map((r) => [r.id, r.inShop])).toEqual([
      [7_100_001, have.id],
      [7_100_002, null],
    ]);
    expect(found.own.map((o) => [o.id, o.matchedBy])).toEqual(
      expect.arrayContaining([
        [have.id, "Discogs release"],
        [noBarcode.id, "catalogue number"],
      ]),
    );
  });

  it("asks by catalogue number when the code is one", async () => {
    const discogs = fakeDiscogs([]);
    await intakeWith(discogs.client).lookup("BLP 4003");
    expect(discogs.asked).toEqual([{ catalogNumber: "BLP 4003" }]);
  });

  it("still shows the shop's own matches, with a short note, when Discogs fails", async () => {
    const ean = uniqueEan();
    const p = insertRecord(shop.t.db, { barcode: ean });
    for (const [error, note] of [
      [new DiscogsAuthError("401"), "Discogs refused the shop's token; check the Discogs settings."],
      [new DiscogsUnavailableError("timeout"), "Discogs could not be reached just now."],
    ] as const) {
      const found = await intakeWith(fakeDiscogs(error).client).lookup(ean);
      expect(found.own.map((o) => o.id)).toEqual([p.id]);
      expect(found.discogs).toEqual({ state: "failed", message: note });
    }
  });
});

describe("publishing a copy", () => {
  it("lists it on the shop's pressing at the typed price and shelf location: ledger, audit, one in stock", () => {
    const p = insertRecord(shop.t.db, { pricePence: 2500 });
    const listed = intakeWith(null).publish(
      admin,
      copyForm({
        pressing: `own:${p.id}`,
        mediaGrade: "vg+",
        sleeveGrade: "VG",
        price: "14.50",
        shelfLocation: "Box 3",
        note: "Seam split",
      }),
    );
    const copy = row(listed.copy.id);
    expect(copy).toMatchObject({
      usedOfRecordId: p.id,
      condition: "used",
      mediaGrade: "VG+",
      sleeveGrade: "VG",
      pricePence: 1450,
      shelfLocation: "Box 3",
      conditionNote: "Seam split",
      stockQuantity: 1,
    });
    expect(listed).toMatchObject({ created: false, barcodeRemembered: false, price: null, hiddenForNoCover: false });
    const moves = shop.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, copy.id)).all();
    expect(moves.map((m) => [m.change, m.reason, m.actorId])).toEqual([[1, "delivery", admin.id]]);
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(copy.id)))
      .all();
    expect(audit.map((a) => a.action)).toContain("used copy listed");
  });

  it("records how the copy was bought, and refuses a margin-scheme copy without the price paid", () => {
    const p = insertRecord(shop.t.db, { pricePence: 2500 });
    const intake = intakeWith(null);
    const bought = { vatScheme: "margin", purchasedAt: "2026-11-28", purchasedFrom: "A. Seller" };
    expect(() =>
      intake.publish(admin, copyForm({ pressing: `own:${p.id}`, mediaGrade: "VG", sleeveGrade: "VG", price: "10", ...bought })),
    ).toThrow(/price paid|purchase price/i);
    const listed = intake.publish(
      admin,
      copyForm({ pressing: `own:${p.id}`, mediaGrade: "VG", sleeveGrade: "VG", price: "10", purchasePrice: "4.00", ...bought }),
    );
    expect(row(listed.copy.id)).toMatchObject({
      vatScheme: "margin",
      purchasePricePence: 400,
      purchasedAt: "2026-11-28",
      purchasedFrom: "A. Seller",
    });
    expect(intake.copies([listed.copy.id])[0]).toMatchObject({ vatScheme: "margin", purchasedFrom: "A. Seller" });
  });

  it("takes the suggested price when none is typed: the shop's last sales at that grade, else a share of the new price", async () => {
    const { copy: sold } = await paidUsedCopyOrder(shop, admin); // a VG+ copy sold at £14.00
    const pressingId = row(sold.id).usedOfRecordId!;
    const intake = intakeWith(null);
    const vgPlus = intake.publish(admin, copyForm({ pressing: `own:${pressingId}`, mediaGrade: "VG+", sleeveGrade: "VG+" }));
    expect(vgPlus.copy.pricePence).toBe(1400);
    expect(vgPlus.price).toEqual({ pricePence: 1400, source: "sales", text: "the last sale at VG+" });
    // No NM copy has sold: 80% of the pressing's £20.00, to the nearest 50p.
    const nm = intake.publish(admin, copyForm({ pressing: `own:${pressingId}`, mediaGrade: "NM", sleeveGrade: "NM" }));
    expect(nm.copy.pricePence).toBe(1600);
    expect(nm.price?.source).toBe("new-price");
    expect(intake.suggestions(pressingId, 2000)["VG+"]).toMatchObject({ pricePence: 1400, source: "sales" });
  });

  it("remembers a barcode typed for a pressing that had none, and leaves one it had alone", () => {
    const ean = uniqueEan();
    const bare = insertRecord(shop.t.db, {});
    const intake = intakeWith(null);
    const first = intake.publish(
      admin,
      copyForm({ pressing: `own:${bare.id}`, barcode: ean, mediaGrade: "VG", sleeveGrade: "VG" }),
    );
    expect(first.barcodeRemembered).toBe(true);
    expect(row(bare.id).barcode).toBe(ean);
    const other = uniqueEan();
    const second = intake.publish(
      admin,
      copyForm({ pressing: `own:${bare.id}`, barcode: other, mediaGrade: "VG", sleeveGrade: "VG" }),
    );
    expect(second.barcodeRemembered).toBe(false);
    expect(row(bare.id).barcode).toBe(ean);
  });

  it("makes the pressing from a Discogs release the shop does not have, once, without a cover, and says the copy is hidden", () => {
    const ean = uniqueEan();
    const fields = {
      pressing: "discogs:7200001",
      barcode: ean,
      releaseTitle: "The Dark Side Of The Moon",
      releaseArtist: "Pink Floyd",
      releaseLabel: "Pink Floyd Records",
      releaseCatalogNumber: "PFRLP8",
      releaseFormat: "Vinyl, LP, Album, Reissue",
      releaseYear: "2016",
      mediaGrade: "NM",
      sleeveGrade: "VG+",
    };
    const intake = intakeWith(null);
    const listed = intake.publish(admin, copyForm(fields));
    expect(listed.created).toBe(true);
    expect(listed.hiddenForNoCover).toBe(true);
    expect(row(listed.pressingId)).toMatchObject({
      title: "The Dark Side Of The Moon",
      artist: "Pink Floyd",
      label: "Pink Floyd Records",
      catalogNumber: "PFRLP8",
      format: "Vinyl LP",
      year: 2016,
      barcode: ean,
      discogsReleaseId: 7_200_001,
      condition: "new",
      stockQuantity: 0,
      pricePence: 2299,
      coverUrl: DEFAULT_COVER_URL,
      hiddenByContent: true,
    });
    // 80% of £22.99 at NM, to the nearest 50p; the copy names its release.
    expect(row(listed.copy.id)).toMatchObject({ pricePence: 1850, discogsReleaseId: 7_200_001, hiddenByContent: true });
    const audit = shop.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(listed.pressingId)))
      .all();
    expect(audit.map((a) => a.action)).toContain("created at intake from Discogs release 7200001");
    const again = intake.publish(admin, copyForm({ ...fields, mediaGrade: "G", sleeveGrade: "G" }));
    expect(again).toMatchObject({ created: false, pressingId: listed.pressingId });
  });

  it("refuses a used copy as the pressing, and a record that is gone", () => {
    const p = insertRecord(shop.t.db, {});
    const copy = shop.s.usedCopies.add(admin, p.id, { price: 1000, mediaGrade: "VG", sleeveGrade: "VG" });
    const intake = intakeWith(null);
    expect(() => intake.publish(admin, copyForm({ pressing: `own:${copy.id}`, mediaGrade: "VG", sleeveGrade: "VG" }))).toThrow(
      /not to another used copy/,
    );
    expect(() => intake.publish(admin, copyForm({ pressing: "own:999999", mediaGrade: "VG", sleeveGrade: "VG" }))).toThrow(
      /no longer in the catalogue/,
    );
  });

  it("lists today's copies by whoever listed them, latest first, and keeps the last shelf location", async () => {
    const other = await shop.s.accounts.register({
      username: "other-grader",
      email: "og@example.com",
      password: "secret-password",
    });
    const p = insertRecord(shop.t.db, {});
    const intake = intakeWith(null);
    const a = intake.publish(
      admin,
      copyForm({ pressing: `own:${p.id}`, mediaGrade: "VG", sleeveGrade: "VG", shelfLocation: "A1" }),
    );
    const b = intake.publish(
      admin,
      copyForm({ pressing: `own:${p.id}`, mediaGrade: "G", sleeveGrade: "G", shelfLocation: "A2" }),
    );
    intake.publish(
      { id: other.id, username: "other-grader" },
      copyForm({ pressing: `own:${p.id}`, mediaGrade: "G", sleeveGrade: "G", shelfLocation: "Z9" }),
    );
    const mine = intake.listedToday(admin).map((c) => c.id);
    expect(mine.slice(0, 2)).toEqual([b.copy.id, a.copy.id]);
    expect(intake.lastShelfLocation(admin)).toBe("A2");
    expect(intake.copies([b.copy.id, p.id, a.copy.id]).map((c) => c.id)).toEqual([b.copy.id, a.copy.id]);
  });
});
