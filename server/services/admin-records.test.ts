import path from "node:path";
import { adminRecordListSchema } from "../../app/domain/catalogue/admin-record-list";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { records, stockMovements } from "../../db/schema";
import { ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { newRecordSchema, recordFieldsSchema } from "../../app/domain/catalogue/record-fields";
import { limitedSaleSchema } from "../../app/domain/limited/limited-sale-schema";
import { recordCount, upload, useCatalogueAdmin } from "../../tests/setup/catalogue-admin";
import { TEST_TODAY } from "../../tests/setup/test-db";
import { createAdminRecordsService, type AdminRecordsService } from "./admin-records";
import { createBrowseService } from "./browse";
import { createCatalogueService } from "./catalogue";
import { createSearchService } from "./search";

const admin = useCatalogueAdmin();
let service: AdminRecordsService;
const today = TEST_TODAY;
const newRecord = (input: unknown) => parseInput(newRecordSchema, input);

beforeAll(() => {
  service = createAdminRecordsService(admin.t.db, { mediaDir: admin.mediaDir });
});

const fields = {
  title: "Zyxwv Nocturnes",
  artist: "Quillon Marsh",
  genre: "Jazz",
  price: "£18.50",
  format: "Vinyl LP",
  catalogNumber: "QM-001",
  releaseDate: "2020-05-01",
};

describe("the back office's records", () => {
  it("creates a record with a resized cover, its opening stock in the ledger and an audit row; search, browse and counts see it at once", async () => {
    const search = createSearchService(admin.t.db);
    const browse = createBrowseService(admin.t.db);
    const catalogue = createCatalogueService(admin.t.db);
    // Warm every read cache first, so the test proves they do not serve a stale answer afterwards.
    expect(search.search("Zyxwv", { today }).total).toBe(0);
    const jazzBefore = browse.genreCounts({ today })["Jazz"] ?? 0;
    const visibleBefore = catalogue.list({ page: 1, limit: 1, today }).total;

    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { id } = await service.create(admin.actor, newRecord({ fields, openingStock: "3", published: "on" }), {
      cover: upload(png),
    });

    const row = admin.t.db.select().from(records).where(eq(records.id, id)).get()!;
    expect(row).toMatchObject({ pricePence: 1850, stockQuantity: 3, published: true, hiddenByContent: false });
    expect(row.coverUrl).toMatch(/^\/media\/covers\/quillon-marsh-zyxwv-nocturnes-[0-9a-f]{6}-[0-9a-f]{10}\.jpg$/);
    const meta = await sharp(path.join(admin.mediaDir, row.coverUrl.replace("/media/", ""))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 600, 600]);
    const ledger = admin.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, id)).all();
    expect(ledger.map((m) => [m.change, m.reason, m.actorId])).toEqual([[3, "delivery", admin.actor.id]]);
    expect(service.get(id).history.map((h) => h.action)).toEqual(["created"]);

    expect(search.search("Zyxwv", { today }).items.map((r) => r.id)).toEqual([id]);
    expect(browse.genreCounts({ today })["Jazz"]).toBe(jazzBefore + 1);
    expect(catalogue.list({ page: 1, limit: 1, today }).total).toBe(visibleBefore + 1);
  });
  it("edits a record with every change audited before → after, and search follows a new title", async () => {
    const search = createSearchService(admin.t.db);
    const { id } = service.list(adminRecordListSchema.parse({ q: "QM-001" })).items[0]!;
    await service.update(admin.actor, id, parseInput(recordFieldsSchema, { ...fields, title: "Vwxyz Aubades", price: "21" }));
    expect(admin.t.db.select().from(records).where(eq(records.id, id)).get()).toMatchObject({
      title: "Vwxyz Aubades",
      pricePence: 2100,
    });
    const [edit] = service.get(id).history;
    expect(edit).toMatchObject({
      action: "edited",
      actorName: "owner",
      before: { title: "Zyxwv Nocturnes", price: "18.50" },
      after: { title: "Vwxyz Aubades", price: "21.00" },
    });
    expect(search.search("Zyxwv", { today }).total).toBe(0);
    expect(search.search("Aubades", { today }).items.map((r) => r.id)).toEqual([id]);

    service.setPublished(admin.actor, id, false);
    expect(service.get(id)).toMatchObject({
      published: false,
      history: [{ action: "unpublished", before: { published: true }, after: { published: false } }, {}, {}],
    });
    expect(service.list(adminRecordListSchema.parse({ status: "unpublished" })).items.map((r) => r.id)).toContain(id);
    service.setPublished(admin.actor, id, false); // no change, no audit row
    expect(service.get(id).history).toHaveLength(3);
  });
  it("refuses bad input and bad uploads with field messages, changing nothing", async () => {
    const before = recordCount(admin.t.db);
    const refused = (() => {
      try {
        return newRecord({ fields: { ...fields, price: "abc", releaseDate: "2026-13-01" } });
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fields).toMatchObject({
      "fields.price": ["Enter the price in pounds, such as 12.99"],
      "fields.releaseDate": [expect.stringMatching(/real date/)],
    });
    const gif = await service
      .create(admin.actor, newRecord({ fields }), { cover: upload("GIF89a....") })
      .catch((e: unknown) => e);
    expect((gif as ValidationError).fields).toEqual({ cover: ["The cover must be a JPEG, PNG or WebP image"] });
    const fakeJpeg = await service
      .create(admin.actor, newRecord({ fields }), { cover: upload(Uint8Array.from([0xff, 0xd8, 0xff, 1, 2, 3])) })
      .catch((e: unknown) => e);
    expect((fakeJpeg as ValidationError).fields).toEqual({ cover: ["The cover could not be read as an image"] });
    const audio = await service
      .create(admin.actor, newRecord({ fields }), { audio: upload("not audio") })
      .catch((e: unknown) => e);
    expect((audio as ValidationError).fields).toEqual({ audio: ["The audio preview must be an MP3, WAV or Ogg file"] });
    expect(recordCount(admin.t.db)).toBe(before);
  });
});

describe("a record's limited sale", () => {
  it("is saved from the form's London time and audited before → after", () => {
    const id = admin.t.db.select({ id: records.id }).from(records).limit(1).get()!.id;
    const sale = parseInput(limitedSaleSchema, {
      limitPerCustomer: "1",
      onSaleAt: "2026-04-18T08:00",
      recordStoreDay: "on",
      isDrop: "on",
      preOrderCharge: "at_dispatch",
    });
    service.setLimitedSale(admin.actor, id, sale);
    expect(service.limitedSale(id)).toEqual({
      limitPerCustomer: 1,
      onSaleAt: "2026-04-18T07:00:00.000Z",
      recordStoreDay: true,
      isDrop: true,
      preOrderCharge: "at_dispatch",
    });
    const [entry] = service.get(id).history;
    expect(entry).toMatchObject({
      action: "limited sale saved",
      before: { limitPerCustomer: null, onSaleAt: null },
      after: { limitPerCustomer: 1, onSaleAt: "2026-04-18T07:00:00.000Z" },
    });
  });
});
