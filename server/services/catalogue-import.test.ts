import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/client";
import { auditLog, catalogueImportRuns, records, stockMovements } from "../../db/schema";
import { recordCount, upload, useCatalogueAdmin } from "../../tests/setup/catalogue-admin";
import { createAuditService } from "./audit";
import { createCatalogueImportService, type CatalogueImportService } from "./catalogue-import";

const admin = useCatalogueAdmin();
let service: CatalogueImportService;
/** The same service in another server process: a connection of its own to the same database and folder. */
let elsewhere: CatalogueImportService;
let elsewhereDb: Db;

beforeAll(() => {
  service = createCatalogueImportService(admin.t.db, { importDir: admin.importDir });
  elsewhereDb = openDatabase(admin.t.file);
  elsewhere = createCatalogueImportService(elsewhereDb, { importDir: admin.importDir });
});
afterAll(() => elsewhereDb.$client.close());

/** The imports the database says are running, as any process sees them. */
const runningImports = () => elsewhereDb.select().from(catalogueImportRuns).all();

describe("the catalogue's import", () => {
  it("imports nothing from a file with a bad row, reports every bad row, then imports it once fixed", async () => {
    const before = recordCount(admin.t.db);
    const auditBefore = admin.t.db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .get()!.n;
    const bad = [
      "catalogue_number,title,artist,price,stock",
      "IMP-1,First,Imp Band,10.00,2",
      "IMP-2,Second,Imp Band,ten,",
      "IMP-3,,Imp Band,12.00,",
    ].join("\n");
    const preview = await service.previewImport(upload(bad));
    expect(preview.plan.rows.filter((r) => r.action === "error").map((r) => r.line)).toEqual([3, 4]);
    await expect(service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: false })).rejects.toThrow(
      /2 rows have errors/,
    );
    expect(recordCount(admin.t.db)).toBe(before);
    expect(runningImports()).toEqual([]);
    expect(await service.importReport(preview.id, preview.hash)).toContain(
      '3,error,IMP-2,Second,"Price: Enter the price in pounds, such as 12.99"\n4,error,IMP-3,,Title: Enter the title',
    );

    const fixed = await service.previewImport(upload(bad.replace("ten", "11.00").replace("IMP-3,,", "IMP-3,Third,")));
    const { result } = await service.applyImport(admin.actor, { id: fixed.id, hash: fixed.hash, onlyValid: false });
    expect(result).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    expect(runningImports()).toEqual([]);
    expect(recordCount(admin.t.db)).toBe(before + 3);
    const imp1 = admin.t.db.select().from(records).where(eq(records.catalogNumber, "IMP-1")).get()!;
    expect(imp1.stockQuantity).toBe(2);
    expect(
      admin.t.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.recordId, imp1.id))
        .all()
        .map((m) => m.reason),
    ).toEqual(["delivery"]);
    expect(
      admin.t.db
        .select({ n: sql<number>`count(*)` })
        .from(auditLog)
        .get()!.n,
    ).toBe(auditBefore + 3);
    // Each imported row's audit row is chained like any other change's: the chain still checks out.
    const imported = admin.t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3).all();
    expect(imported.map((r) => [r.action, r.area, r.hash === null])).toEqual(
      Array(3).fill(["imported (created)", "catalogue", false]),
    );
    expect(imported.map((r) => r.entityId)).toContain(String(imp1.id));
    expect(createAuditService(admin.t.db).verify().broken).toBeNull();
    expect(await service.importReport(fixed.id, fixed.hash)).toContain("2,created,IMP-1,First,");
    // The kept file is gone once applied: applying twice is refused.
    await expect(service.applyImport(admin.actor, { id: fixed.id, hash: fixed.hash, onlyValid: false })).rejects.toThrow(
      /expired/,
    );
  });
  it("imports only the valid rows when asked, and updates matched records with only the given columns", async () => {
    const csv = ["catalogue_number,title,artist,price", "imp-1,First,Imp Band,15.00", "IMP-9,Ninth,Imp Band,nope"].join("\n");
    const preview = await service.previewImport(upload(csv));
    expect(preview.plan.rows[0]).toMatchObject({ action: "update", changes: [{ field: "price", from: "10.00", to: "15.00" }] });
    const { result } = await service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: true });
    expect(result).toMatchObject({ created: 0, updated: 1, skipped: 1 });
    expect(admin.t.db.select().from(records).where(eq(records.catalogNumber, "IMP-1")).get()).toMatchObject({
      pricePence: 1500,
      stockQuantity: 2,
    });
  });
  it("lets the shop write while a big import is being applied, and holds the write lock only for its final commit", async () => {
    const before = recordCount(admin.t.db);
    const csv = [
      "catalogue_number,title,artist,price,stock",
      ...Array.from({ length: 3000 }, (_, i) => `BIG-${i},Big ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(upload(csv.join("\n")));
    const busyTimeout = admin.t.db.$client.pragma("busy_timeout", { simple: true });
    // A lock held by the import would make this write fail at once instead of waiting five seconds.
    admin.t.db.$client.pragma("busy_timeout = 0");
    let writesDuringImport = 0;
    const phases = new Set<string>();
    try {
      const { result } = await service.applyImport(
        admin.actor,
        { id: preview.id, hash: preview.hash, onlyValid: false },
        ({ phase, done, total }) => {
          phases.add(phase);
          if (phase !== "staging") return;
          expect(total).toBe(3000);
          // Another process answers the page's poll: the progress as last written, a quarter second old at most.
          const seen = elsewhere.importProgress(preview.id, preview.hash);
          expect(seen).toMatchObject({ phase, total });
          expect(seen!.done).toBeGreaterThan(0);
          expect(seen!.done).toBeLessThanOrEqual(done);
          admin.t.db.update(records).set({ lowStockThreshold: 3 }).where(eq(records.catalogNumber, "IMP-1")).run();
          writesDuringImport++;
          expect(recordCount(admin.t.db)).toBe(before); // nothing shows before the commit
        },
      );
      expect(result).toMatchObject({ created: 3000, updated: 0 });
    } finally {
      admin.t.db.$client.pragma(`busy_timeout = ${busyTimeout}`);
    }
    expect(writesDuringImport).toBeGreaterThan(0);
    expect([...phases]).toEqual(["checking", "staging", "writing"]);
    expect(service.importProgress(preview.id, preview.hash)).toBeNull();
    expect(elsewhere.importProgress(preview.id, preview.hash)).toBeNull();
    expect(recordCount(admin.t.db)).toBe(before + 3000);
    const big7 = admin.t.db.select().from(records).where(eq(records.catalogNumber, "BIG-7")).get()!;
    expect(admin.t.db.select().from(stockMovements).where(eq(stockMovements.recordId, big7.id)).all()).toMatchObject([
      { change: 1, reason: "delivery", actorId: admin.actor.id },
    ]);
    const audit = admin.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(big7.id)))
      .all();
    expect(audit).toMatchObject([{ action: "imported (created)", actorName: "owner", entityType: "record" }]);
    expect(audit[0]!.after).toMatchObject({ title: "Big 7", openingStock: 1 });
  });
  it("writes nothing when a record it updates is edited while the import runs", async () => {
    const before = recordCount(admin.t.db);
    const csv = [
      "catalogue_number,title,artist,price,stock",
      "IMP-2,Second Edition,Imp Band,11.00,",
      ...Array.from({ length: 3000 }, (_, i) => `RACE-${i},Race ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(upload(csv.join("\n")));
    let edited = false;
    await expect(
      service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: false }, ({ phase }) => {
        if (edited || phase !== "staging") return;
        edited = true;
        admin.t.db
          .update(records)
          .set({ pricePence: 1234, updatedAt: new Date(Date.now() + 1000).toISOString() })
          .where(eq(records.catalogNumber, "IMP-2"))
          .run();
      }),
    ).rejects.toThrow("Line 2: its record was changed or deleted meanwhile; preview the file again.");
    expect(runningImports()).toEqual([]);
    expect(recordCount(admin.t.db)).toBe(before);
    expect(admin.t.db.select().from(records).where(eq(records.catalogNumber, "IMP-2")).get()).toMatchObject({
      title: "Second",
      pricePence: 1234,
    });
  });
  it("refuses to apply the same file twice at once, whichever process the second press reaches", async () => {
    const csv = [
      "catalogue_number,title,artist,price,stock",
      ...Array.from({ length: 500 }, (_, i) => `TWICE-${i},Twice ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(upload(csv.join("\n")));
    const ref = { id: preview.id, hash: preview.hash, onlyValid: false };
    const first = service.applyImport(admin.actor, ref);
    await expect(service.applyImport(admin.actor, ref)).rejects.toThrow("This import is already running; wait for it to finish.");
    await expect(elsewhere.applyImport(admin.actor, ref)).rejects.toThrow(
      "This import is already running; wait for it to finish.",
    );
    expect((await first).result.created).toBe(500);
    expect(runningImports()).toEqual([]);
    expect(
      admin.t.db
        .select({ n: sql<number>`count(*)` })
        .from(records)
        .where(sql`${records.catalogNumber} like 'TWICE-%'`)
        .get()!.n,
    ).toBe(500);
  });
  it("writes nothing once another process has taken its run over, and leaves that process's run alone", async () => {
    const before = recordCount(admin.t.db);
    const csv = [
      "catalogue_number,title,artist,price,stock",
      ...Array.from({ length: 3000 }, (_, i) => `TAKEN-${i},Taken ${i},Bulk Band,9.99,1`),
    ];
    const preview = await service.previewImport(upload(csv.join("\n")));
    let takenOver = false;
    await expect(
      service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: false }, ({ phase }) => {
        if (takenOver || phase !== "writing") return;
        takenOver = true;
        // What a takeover by another process leaves: the row is someone else's. Taken just before the final
        // commit, after the run's last write of progress, so only the commit's own check can see it.
        elsewhereDb.update(catalogueImportRuns).set({ holder: "another:1:process" }).run();
      }),
    ).rejects.toThrow("another run of the same file took over. Nothing was written.");
    expect(recordCount(admin.t.db)).toBe(before);
    expect(runningImports()).toMatchObject([{ importId: preview.id, holder: "another:1:process" }]);
    elsewhereDb.delete(catalogueImportRuns).run();
  });
  it("refuses a forged or unknown import id, and a file too big", async () => {
    await expect(service.applyImport(admin.actor, { id: "../../etc/passwd", hash: "x", onlyValid: true })).rejects.toThrow(
      /expired/,
    );
    await expect(service.applyImport(admin.actor, { id: "a".repeat(32), hash: "b".repeat(64), onlyValid: true })).rejects.toThrow(
      /expired/,
    );
    await expect(service.previewImport(upload("x".repeat(5 * 1024 * 1024 + 1)))).rejects.toThrow(/at most 5 MB/);
  });
});
