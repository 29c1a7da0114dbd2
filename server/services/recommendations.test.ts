import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shouldHideRecord } from "../../app/domain/catalogue/hiding";
import { orderLines, orders, records, type NewRecordRow, type RecordRow } from "../../db/schema";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createRecommendationsService, reasonFor, RECOMMEND_SQL, type RecommendationsService } from "./recommendations";

const today = TEST_TODAY;
let t: TestDb;
let service: RecommendationsService;
let blueTrain: RecordRow;
let kindOfBlue: RecordRow;

const byTitle = (title: string) => t.db.select().from(records).where(eq(records.title, title)).get()!;
const titles = (list: readonly { title: string }[]) => list.map((r) => r.title);

let extra = 0;
/** A visible record in stock; fields as given. */
function addRecord(fields: Partial<NewRecordRow> & Pick<NewRecordRow, "title" | "artist">): RecordRow {
  extra++;
  return t.db
    .insert(records)
    .values({
      catalogueId: `rec-test-${extra}`,
      coverUrl: `/media/covers/rec-test-${extra}.jpg`,
      audioUrl: `/media/audio/rec-test-${extra}.mp3`,
      duration: 30,
      pricePence: 2499,
      stockQuantity: 5,
      releaseDate: "2001-01-01",
      ...fields,
    })
    .returning()
    .get();
}

let orderNo = 0;
/** An order holding the given records. */
function addOrder(recordIds: number[], status: (typeof orders.$inferInsert)["status"] = "paid"): void {
  orderNo++;
  const order = t.db
    .insert(orders)
    .values({
      orderNumber: `ND-TEST-${orderNo}`,
      email: `buyer${orderNo}@example.com`,
      status,
      shippingName: "A Buyer",
      addressLine1: "1 High Street",
      city: "Leeds",
      postalCode: "LS1 1AA",
      itemsPence: 2499 * recordIds.length,
      shippingPence: 400,
      totalPence: 2499 * recordIds.length + 400,
      vatPence: 500,
      idempotencyKey: `rec-test-${orderNo}`,
    })
    .returning()
    .get();
  for (const recordId of recordIds) {
    const r = t.db.select().from(records).where(eq(records.id, recordId)).get()!;
    t.db
      .insert(orderLines)
      .values({
        orderId: order.id,
        recordId,
        title: r.title,
        artist: r.artist,
        unitPricePence: 2499,
        quantity: 1,
        lineTotalPence: 2499,
      })
      .run();
  }
}

beforeAll(async () => {
  t = await seededTestDb();
  blueTrain = byTitle("Blue Train");
  kindOfBlue = byTitle("Kind of Blue");
});
afterAll(() => t.cleanup());
beforeEach(() => {
  service = createRecommendationsService(t.db);
});

describe("reasons", () => {
  it("words each reason", () => {
    expect(reasonFor("similar", "Blue Train")).toBe("Because you played Blue Train");
    expect(reasonFor("bought-together", "Blue Train")).toBe("Also bought with Blue Train");
  });
});

describe("recommendations for a listening history", () => {
  it("answers nothing for an empty history, or one of unknown ids", () => {
    expect(service.forHistory([], { today })).toEqual([]);
    expect(service.forHistory([987_654_321], { today })).toEqual([]);
  });

  it("suggests records like Blue Train: the same artist first, then jazz of its era, each with its reason", () => {
    const list = service.forHistory([blueTrain.id], { today });
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    for (const r of list) expect(r.reason).toBe("Because you played Blue Train");
    expect(list[0]!.artist).toBe(blueTrain.artist);
    for (const r of list)
      expect(r.artist === blueTrain.artist || r.genre === blueTrain.genre || r.label === blueTrain.label).toBe(true);
    expect(list.map((r) => r.id)).not.toContain(blueTrain.id);
  });

  it("ranks by how much a record shares: same artist above same label above same genre", () => {
    // Artist 5 + era 1 + format 1 = 7; label 3 + genre 2 = 5; genre 2 + era 1 + format 1 = 4 at most.
    const sameArtist = addRecord({
      title: "Rank: artist",
      artist: blueTrain.artist,
      genre: "World",
      label: "Nowhere",
      year: 1957,
      format: blueTrain.format,
    });
    const sameLabel = addRecord({
      title: "Rank: label",
      artist: "Rank Test Artist",
      genre: "Jazz",
      label: blueTrain.label,
      year: 1990,
      format: "Picture Disc Vinyl",
    });
    const list = service.forHistory([blueTrain.id], { today, limit: 50 });
    const at = (id: number) => list.findIndex((r) => r.id === id);
    expect(at(sameArtist.id)).toBeGreaterThanOrEqual(0);
    expect(at(sameLabel.id)).toBeGreaterThan(at(sameArtist.id));
    const genreOnly = list.filter((r) => r.artist !== blueTrain.artist && r.label !== blueTrain.label);
    for (const r of genreOnly) expect(at(r.id)).toBeGreaterThan(at(sameLabel.id));
  });

  it("respects the limit, up to 50", () => {
    expect(service.forHistory([blueTrain.id, kindOfBlue.id], { today, limit: 3 })).toHaveLength(3);
    expect(service.forHistory([blueTrain.id], { today, limit: 500 }).length).toBeLessThanOrEqual(50);
  });

  it("never suggests a played record, another pressing of one, or a hidden record", () => {
    const pressing = addRecord({
      title: "Blue Train",
      artist: "John Coltrane",
      genre: "Jazz",
      label: "Blue Note",
      year: 1957,
    });
    const soldOut = addRecord({ title: "Sold Out Session", artist: "John Coltrane", genre: "Jazz", stockQuantity: 0 });
    const placeholder = addRecord({ title: "Neon City", artist: "John Coltrane", genre: "Jazz" });
    const preOrder = addRecord({
      title: "Future Session",
      artist: "John Coltrane",
      genre: "Jazz",
      stockQuantity: 0,
      releaseDate: "2027-03-01",
    });
    const list = service.forHistory([blueTrain.id, kindOfBlue.id], { today, limit: 50 });
    const ids = list.map((r) => r.id);
    for (const id of [blueTrain.id, kindOfBlue.id, pressing.id, soldOut.id, placeholder.id]) expect(ids).not.toContain(id);
    for (const r of list) expect(shouldHideRecord(r, { today })).toBe(false);
    // A pre-order is never hidden (spec §5), even with no stock yet.
    expect(ids).toContain(preOrder.id);
    // One pressing per album.
    const albums = list.map((r) => `${r.title.toLowerCase()}|${r.artist.toLowerCase()}`);
    expect(new Set(albums).size).toBe(albums.length);
  });

  it("gives the reason of the played record it is most like, most recent plays weighing most", () => {
    const list = service.forHistory([kindOfBlue.id, blueTrain.id], { today, limit: 50 });
    const davis = list.find((r) => r.artist === kindOfBlue.artist);
    const coltrane = list.find((r) => r.artist === blueTrain.artist);
    expect(davis?.reason).toBe("Because you played Kind of Blue");
    expect(coltrane?.reason).toBe("Because you played Blue Train");
    const first = service.forHistory([kindOfBlue.id, blueTrain.id], { today, limit: 1 })[0]!;
    expect(first.artist).toBe(kindOfBlue.artist);
  });
});

describe("bought together (order_lines)", () => {
  it("suggests what paid orders holding a played record also held, until then nothing from orders", () => {
    // Nothing alike: another artist, genre, label and era.
    const unrelated = addRecord({
      title: "Bought With Trane",
      artist: "Order Test Band",
      genre: "Metal",
      label: "Order Label",
      year: 2020,
    });
    const history = [blueTrain.id];
    expect(service.forHistory(history, { today, limit: 50 }).map((r) => r.id)).not.toContain(unrelated.id);

    addOrder([blueTrain.id, unrelated.id], "paid");
    const list = service.forHistory(history, { today, limit: 50 });
    const hit = list.find((r) => r.id === unrelated.id);
    expect(hit).toMatchObject({ reason: "Also bought with Blue Train", basis: "bought-together" });
  });

  it("ignores orders not paid for (pending, cancelled, refunded)", () => {
    const other = addRecord({
      title: "Never Paid For",
      artist: "Unpaid Band",
      genre: "Metal",
      label: "Unpaid",
      year: 2021,
    });
    addOrder([kindOfBlue.id, other.id], "pending_payment");
    addOrder([kindOfBlue.id, other.id], "cancelled");
    addOrder([kindOfBlue.id, other.id], "refunded");
    expect(service.forHistory([kindOfBlue.id], { today, limit: 50 }).map((r) => r.id)).not.toContain(other.id);
    addOrder([kindOfBlue.id, other.id], "shipped");
    expect(service.forHistory([kindOfBlue.id], { today, limit: 50 }).map((r) => r.id)).toContain(other.id);
  });

  it("ranks records bought together in more orders higher, and never suggests a hidden one", () => {
    const once = addRecord({ title: "Bought Once", artist: "Co Band A", genre: "Metal", label: "Co A", year: 2019 });
    const thrice = addRecord({
      title: "Bought Thrice",
      artist: "Co Band B",
      genre: "Metal",
      label: "Co B",
      year: 2019,
    });
    const gone = addRecord({
      title: "Bought Then Sold Out",
      artist: "Co Band C",
      genre: "Metal",
      label: "Co C",
      year: 2019,
    });
    const played = addRecord({
      title: "Played Alone",
      artist: "Solo Player",
      genre: "World",
      label: "Solo",
      year: 1980,
    });
    addOrder([played.id, once.id]);
    for (let i = 0; i < 3; i++) addOrder([played.id, thrice.id, gone.id]);
    t.db.update(records).set({ stockQuantity: 0 }).where(eq(records.id, gone.id)).run();
    const list = service.forHistory([played.id], { today, limit: 50 });
    expect(titles(list).slice(0, 2)).toEqual(["Bought Thrice", "Bought Once"]);
    expect(list.map((r) => r.id)).not.toContain(gone.id);
  });
});

describe("query plan", () => {
  it("never reads the whole records table: every access is by index or id", () => {
    const plan = t.db.$client
      .prepare(`explain query plan ${RECOMMEND_SQL}`)
      .all({ history: "[1,2]", seen: "[1,2]", today, limit: 8 }) as { detail: string }[];
    const tableScans = plan.map((p) => p.detail).filter((d) => /^SCAN (records|r|c)\b/.test(d) && !/USING/.test(d));
    expect(tableScans).toEqual([]);
    expect(plan.some((p) => /records_artist_idx/.test(p.detail))).toBe(true);
    expect(plan.some((p) => /records_genre_idx/.test(p.detail))).toBe(true);
  });
});
