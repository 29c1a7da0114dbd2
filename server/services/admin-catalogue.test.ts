import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, records, stockMovements, users } from "../../db/schema";
import { ValidationError } from "../../app/domain/shared/errors";
import { parseInput } from "../../app/domain/shared/parse-input";
import { newRecordSchema, recordFieldsSchema } from "../../app/domain/catalogue/record-fields";
import { seededTestDb, TEST_TODAY, type TestDb } from "../../tests/setup/test-db";
import { createAdminCatalogueService } from "./admin-catalogue";
import { createBrowseService } from "./browse";
import { createCatalogueService } from "./catalogue";
import { createSearchService } from "./search";

let t: TestDb;
let dir: string;
let service: ReturnType<typeof createAdminCatalogueService>;
let actor = { id: 0, username: "owner" };
const today = TEST_TODAY;

const file = (text: string | Uint8Array) => new File([text as BlobPart], "upload");
const newRecord = (input: unknown) => parseInput(newRecordSchema, input);
const recordCount = () =>
  t.db
    .select({ n: sql<number>`count(*)` })
    .from(records)
    .get()!.n;

beforeAll(async () => {
  t = await seededTestDb();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "needledrop-admin-catalogue-"));
  const owner = t.db
    .insert(users)
    .values({ username: "owner", passwordHash: "x", email: "owner@example.com", role: "admin" })
    .returning()
    .get();
  actor = { id: owner.id, username: "owner" };
  service = createAdminCatalogueService(t.db, { mediaDir: path.join(dir, "media") });
});
afterAll(() => {
  t.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
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

describe("admin catalogue service", () => {
  it("creates a record with a resized cover, its opening stock in the ledger and an audit row; search, browse and counts see it at once", async () => {
    const search = createSearchService(t.db);
    const browse = createBrowseService(t.db);
    const catalogue = createCatalogueService(t.db);
    // Warm every read cache first, so the test proves they do not serve a stale answer afterwards.
    expect(search.search("Zyxwv", { today }).total).toBe(0);
    const jazzBefore = browse.genreCounts({ today })["Jazz"] ?? 0;
    const visibleBefore = catalogue.list({ page: 1, limit: 1, today }).total;

    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const { id } = await service.create(actor, newRecord({ fields, openingStock: "3", published: "on" }), { cover: file(png) });

    const row = t.db.select().from(records).where(eq(records.id, id)).get()!;
    expect(row).toMatchObject({ pricePence: 1850, stockQuantity: 3, published: true, hiddenByContent: false });
    expect(row.coverUrl).toMatch(/^\/media\/covers\/quillon-marsh-zyxwv-nocturnes-[0-9a-f]{6}-[0-9a-f]{10}\.jpg$/);
    const meta = await sharp(path.join(dir, row.coverUrl.replace("/media/", "media/"))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 600, 600]);
    const ledger = t.db.select().from(stockMovements).where(eq(stockMovements.recordId, id)).all();
    expect(ledger.map((m) => [m.change, m.reason, m.actorId])).toEqual([[3, "delivery", actor.id]]);
    expect(service.get(id).history.map((h) => h.action)).toEqual(["created"]);

    expect(search.search("Zyxwv", { today }).items.map((r) => r.id)).toEqual([id]);
    expect(browse.genreCounts({ today })["Jazz"]).toBe(jazzBefore + 1);
    expect(catalogue.list({ page: 1, limit: 1, today }).total).toBe(visibleBefore + 1);
  });

  it("edits a record with every change audited before → after, and search follows a new title", async () => {
    const search = createSearchService(t.db);
    const { id } = service.list({ q: "QM-001" }).items[0]!;
    await service.update(actor, id, parseInput(recordFieldsSchema, { ...fields, title: "Vwxyz Aubades", price: "21" }));
    expect(t.db.select().from(records).where(eq(records.id, id)).get()).toMatchObject({
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

    service.setPublished(actor, id, false);
    expect(service.get(id)).toMatchObject({
      published: false,
      history: [{ action: "unpublished", before: { published: true }, after: { published: false } }, {}, {}],
    });
    expect(service.list({ status: "unpublished" }).items.map((r) => r.id)).toContain(id);
    service.setPublished(actor, id, false); // no change, no audit row
    expect(service.get(id).history).toHaveLength(3);
  });

  it("refuses bad input and bad uploads with field messages, changing nothing", async () => {
    const before = recordCount();
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
    const gif = await service.create(actor, newRecord({ fields }), { cover: file("GIF89a....") }).catch((e: unknown) => e);
    expect((gif as ValidationError).fields).toEqual({ cover: ["The cover must be a JPEG, PNG or WebP image"] });
    const fakeJpeg = await service
      .create(actor, newRecord({ fields }), { cover: file(Uint8Array.from([0xff, 0xd8, 0xff, 1, 2, 3])) })
      .catch((e: unknown) => e);
    expect((fakeJpeg as ValidationError).fields).toEqual({ cover: ["The cover could not be read as an image"] });
    const audio = await service.create(actor, newRecord({ fields }), { audio: file("not audio") }).catch((e: unknown) => e);
    expect((audio as ValidationError).fields).toEqual({ audio: ["The audio preview must be an MP3, WAV or Ogg file"] });
    expect(recordCount()).toBe(before);
  });

  it("imports nothing from a file with a bad row, reports every bad row, then imports it once fixed", async () => {
    const before = recordCount();
    const auditBefore = t.db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .get()!.n;
    const bad = [
      "catalogue_number,title,artist,price,stock",
      "IMP-1,First,Imp Band,10.00,2",
      "IMP-2,Second,Imp Band,ten,",
      "IMP-3,,Imp Band,12.00,",
    ].join("\n");
    const preview = await service.previewImport(file(bad));
    expect(preview.plan.rows.filter((r) => r.action === "error").map((r) => r.line)).toEqual([3, 4]);
    await expect(service.applyImport(actor, { id: preview.id, hash: preview.hash, onlyValid: false })).rejects.toThrow(
      /2 rows have errors/,
    );
    expect(recordCount()).toBe(before);
    expect(await service.importReport(preview.id, preview.hash)).toContain(
      '3,error,IMP-2,Second,"Price: Enter the price in pounds, such as 12.99"\n4,error,IMP-3,,Title: Enter the title',
    );

    const fixed = await service.previewImport(file(bad.replace("ten", "11.00").replace("IMP-3,,", "IMP-3,Third,")));
    const { result } = await service.applyImport(actor, { id: fixed.id, hash: fixed.hash, onlyValid: false });
    expect(result).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    expect(recordCount()).toBe(before + 3);
    const imp1 = t.db.select().from(records).where(eq(records.catalogNumber, "IMP-1")).get()!;
    expect(imp1.stockQuantity).toBe(2);
    expect(
      t.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.recordId, imp1.id))
        .all()
        .map((m) => m.reason),
    ).toEqual(["delivery"]);
    expect(
      t.db
        .select({ n: sql<number>`count(*)` })
        .from(auditLog)
        .get()!.n,
    ).toBe(auditBefore + 3);
    expect(await service.importReport(fixed.id, fixed.hash)).toContain("2,created,IMP-1,First,");
    // The kept file is gone once applied: applying twice is refused.
    await expect(service.applyImport(actor, { id: fixed.id, hash: fixed.hash, onlyValid: false })).rejects.toThrow(/expired/);
  });

  it("imports only the valid rows when asked, and updates matched records with only the given columns", async () => {
    const csv = ["catalogue_number,title,artist,price", "imp-1,First,Imp Band,15.00", "IMP-9,Ninth,Imp Band,nope"].join("\n");
    const preview = await service.previewImport(file(csv));
    expect(preview.plan.rows[0]).toMatchObject({ action: "update", changes: [{ field: "price", from: "10.00", to: "15.00" }] });
    const { result } = await service.applyImport(actor, { id: preview.id, hash: preview.hash, onlyValid: true });
    expect(result).toMatchObject({ created: 0, updated: 1, skipped: 1 });
    expect(t.db.select().from(records).where(eq(records.catalogNumber, "IMP-1")).get()).toMatchObject({
      pricePence: 1500,
      stockQuantity: 2,
    });
  });

  it("lets the shop write while a big import is being applied, and holds the write lock only for its final commit", async () => {
    const before = recordCount();
    const csv = [
      "catalogue_number,title,artist,price,stock",
      ...Array.from({ length: 3000 }, (_, i) => `BIG-${i},Big ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(file(csv.join("\n")));
    const busyTimeout = t.db.$client.pragma("busy_timeout", { simple: true });
    // A lock held by the import would make this write fail at once instead of waiting five seconds.
    t.db.$client.pragma("busy_timeout = 0");
    let writesDuringImport = 0;
    const phases = new Set<string>();
    try {
      const { result } = await service.applyImport(
        actor,
        { id: preview.id, hash: preview.hash, onlyValid: false },
        ({ phase, done, total }) => {
          phases.add(phase);
          if (phase !== "staging") return;
          expect(service.importProgress(preview.id, preview.hash)).toEqual({ phase, done, total });
          expect(total).toBe(3000);
          t.db.update(records).set({ lowStockThreshold: 3 }).where(eq(records.catalogNumber, "IMP-1")).run();
          writesDuringImport++;
          expect(recordCount()).toBe(before); // nothing shows before the commit
        },
      );
      expect(result).toMatchObject({ created: 3000, updated: 0 });
    } finally {
      t.db.$client.pragma(`busy_timeout = ${busyTimeout}`);
    }
    expect(writesDuringImport).toBeGreaterThan(0);
    expect([...phases]).toEqual(["checking", "staging", "writing"]);
    expect(service.importProgress(preview.id, preview.hash)).toBeNull();
    expect(recordCount()).toBe(before + 3000);
    const big7 = t.db.select().from(records).where(eq(records.catalogNumber, "BIG-7")).get()!;
    expect(t.db.select().from(stockMovements).where(eq(stockMovements.recordId, big7.id)).all()).toMatchObject([
      { change: 1, reason: "delivery", actorId: actor.id },
    ]);
    const audit = t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(big7.id)))
      .all();
    expect(audit).toMatchObject([{ action: "imported (created)", actorName: "owner", entityType: "record" }]);
    expect(audit[0]!.after).toMatchObject({ title: "Big 7", openingStock: 1 });
  });

  it("writes nothing when a record it updates is edited while the import runs", async () => {
    const before = recordCount();
    const csv = [
      "catalogue_number,title,artist,price,stock",
      "IMP-2,Second Edition,Imp Band,11.00,",
      ...Array.from({ length: 3000 }, (_, i) => `RACE-${i},Race ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(file(csv.join("\n")));
    let edited = false;
    await expect(
      service.applyImport(actor, { id: preview.id, hash: preview.hash, onlyValid: false }, ({ phase }) => {
        if (edited || phase !== "staging") return;
        edited = true;
        t.db
          .update(records)
          .set({ pricePence: 1234, updatedAt: new Date(Date.now() + 1000).toISOString() })
          .where(eq(records.catalogNumber, "IMP-2"))
          .run();
      }),
    ).rejects.toThrow("Line 2: its record was changed or deleted meanwhile; preview the file again.");
    expect(recordCount()).toBe(before);
    expect(t.db.select().from(records).where(eq(records.catalogNumber, "IMP-2")).get()).toMatchObject({
      title: "Second",
      pricePence: 1234,
    });
  });

  it("refuses to apply the same file twice at once", async () => {
    const csv = [
      "catalogue_number,title,artist,price,stock",
      ...Array.from({ length: 500 }, (_, i) => `TWICE-${i},Twice ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(file(csv.join("\n")));
    const ref = { id: preview.id, hash: preview.hash, onlyValid: false };
    const first = service.applyImport(actor, ref);
    await expect(service.applyImport(actor, ref)).rejects.toThrow("This import is already running; wait for it to finish.");
    expect((await first).result.created).toBe(500);
    expect(
      t.db
        .select({ n: sql<number>`count(*)` })
        .from(records)
        .where(sql`${records.catalogNumber} like 'TWICE-%'`)
        .get()!.n,
    ).toBe(500);
  });

  it("refuses a forged or unknown import id, and a file too big", async () => {
    await expect(service.applyImport(actor, { id: "../../etc/passwd", hash: "x", onlyValid: true })).rejects.toThrow(/expired/);
    await expect(service.applyImport(actor, { id: "a".repeat(32), hash: "b".repeat(64), onlyValid: true })).rejects.toThrow(
      /expired/,
    );
    await expect(service.previewImport(file("x".repeat(5 * 1024 * 1024 + 1)))).rejects.toThrow(/at most 5 MB/);
  });

  it("exports the whole catalogue in the import's columns", async () => {
    const csv = service.exportCsv();
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "catalogue_number,title,artist,genre,price,format,label,release_date,physical_release_date,year,condition,duration,rating,new_release,best_seller,description,stock,published",
    );
    expect(lines.length).toBeGreaterThan(recordCount());
    // Importing the export back changes nothing for the records it can match.
    const preview = await service.previewImport(file(csv));
    expect(preview.plan.counts.update).toBe(0);
    expect(preview.plan.counts.create).toBe(0);
  });
});
