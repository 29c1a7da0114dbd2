import { describe, expect, it } from "vitest";
import { recordFieldsSchema } from "./record-fields";
import { applicableRows, catalogKey, mapHeader, parseCsv, planImport, reportRows, type ExistingRecord } from "./record-import";

const stored: ExistingRecord = {
  id: 7,
  published: true,
  fields: recordFieldsSchema.parse({
    title: "Blue Train",
    artist: "John Coltrane",
    price: "24.99",
    catalogNumber: "BLP 1577",
    genre: "Jazz",
  }),
};
const lookup = (key: string) => (key === catalogKey("BLP 1577") ? [stored] : []);

describe("catalogue import", () => {
  it("maps the shop's headers whatever their case and spacing", () => {
    const m = mapHeader(["Catalogue Number", "TITLE", "artist", "Price", "Extra"]);
    expect(m.kind).toBe("shop");
    expect(m.columns).toMatchObject({ catalogNumber: 0, title: 1, artist: 2, price: 3 });
    expect(m.ignored).toEqual(["Extra"]);
    expect(m.errors).toEqual([]);
  });

  it.each([
    [["Cat No", "Title", "Artist", "Price (£)", "Release date"], "releaseDate"],
    [["Catalogue number", "Album Title", "Artist Name", "Price £", "Released"], "releaseDate"],
    [["Catalog #", "TITLE", "artist", "price_gbp", "release-date"], "releaseDate"],
    [["cat-no.", "title", "Band", "Selling price", "Record Label"], "label"],
    [["catalogNumber", "title", "artist", "price", "Qty"], "openingStock"],
    [["CATALOGUE_NO", "Title ", " Artist", "PRICE", "Media / Format"], "format"],
  ] as const)("maps the loose headers %j", (header, fifth) => {
    const m = mapHeader(header);
    expect(m.errors).toEqual([]);
    expect(m.ignored).toEqual([]);
    expect(m.columns).toMatchObject({ catalogNumber: 0, title: 1, artist: 2, price: 3, [fifth]: 4 });
  });

  it("refuses a file without a required column", () => {
    const plan = planImport("title,artist\nA,B\n", lookup);
    expect(plan.fileError).toMatch(/no catalogue number column/);
    expect(plan.fileError).toMatch(/no price column/);
  });

  it("reports every bad row with its line and reason, and nothing is applicable", () => {
    const csv = [
      "catalogue_number,title,artist,price,release_date",
      "NEW-1,Good,Someone,12.00,",
      "NEW-2,,Someone,12.00,",
      'NEW-3,"Two\nlines",Someone,abc,',
      "NEW-4,Fine,Someone,9.99,2026-02-30",
      "NEW-1,Again,Someone,9.99,",
    ].join("\n");
    const plan = planImport(csv, lookup);
    const errors = plan.rows.filter((r) => r.action === "error");
    expect(errors.map((r) => [r.line, r.action === "error" && r.errors.join("; ")])).toEqual([
      [3, "Title: Enter the title"],
      [4, "Price: Enter the price in pounds, such as 12.99"],
      [6, "Release date: 2026-02-30 is not a date: write it day first, as 05/04/2024, or as 2024-04-05"],
      [7, "Catalogue number NEW-1 is already on line 2"],
    ]);
    expect(plan.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 4, copy: 0, skip: 0 });
    expect(applicableRows(plan, false)).toBeNull();
    expect(applicableRows(plan, true)?.map((r) => r.line)).toEqual([2]);
  });

  it("reads a discogs_release_id column, and a file without one keeps the stored release id", () => {
    const withId: ExistingRecord = { ...stored, fields: { ...stored.fields, discogsReleaseId: 249504 } };
    const find = (key: string) => (key === catalogKey("BLP 1577") ? [withId] : []);
    const plan = planImport(
      "catalogue_number,title,artist,price,discogs_release_id\nBLP 1577,Blue Train,John Coltrane,24.99,1234\nNEW-5,Soul,Someone,9.99,77\n",
      find,
    );
    expect(plan.rows[0]).toMatchObject({
      action: "update",
      changes: [{ field: "discogsReleaseId", from: "249504", to: "1234" }],
    });
    expect(plan.rows[1]).toMatchObject({ action: "create", fields: { discogsReleaseId: 77 } });
    const old = planImport("catalogue_number,title,artist,price\nBLP 1577,Blue Train,John Coltrane,24.99\n", find);
    expect(old.rows[0]).toMatchObject({ action: "unchanged", fields: { discogsReleaseId: 249504 } });
  });

  it("plans creates, updates with their changes, and unchanged rows", () => {
    const csv = [
      "catalogue_number,title,artist,price,stock",
      "blp  1577,Blue Train,John Coltrane,19.99,",
      "NEW-9,Kind of Blue,Miles Davis,21.00,4",
    ].join("\n");
    const plan = planImport(csv, lookup);
    expect(plan.fileError).toBeNull();
    const [update, create] = plan.rows;
    expect(update).toMatchObject({ action: "update", recordId: 7, changes: [{ field: "price", from: "24.99", to: "19.99" }] });
    // A column the file does not have keeps the stored value.
    expect(update?.action === "update" && update.fields.genre).toBe("Jazz");
    expect(create).toMatchObject({
      action: "create",
      openingStock: 4,
      published: true,
      fields: { price: 2100, title: "Kind of Blue" },
    });
    const same = planImport("catalogue_number,title,artist,price\nBLP 1577,Blue Train,John Coltrane,24.99\n", lookup);
    expect(same.rows[0]?.action).toBe("unchanged");
    expect(applicableRows(same, false)).toEqual([]);
  });

  it("never reads a Discogs inventory export as edits of the catalogue", () => {
    const csv = [
      "listing_id,release_id,artist,title,label,catno,format,price,status,media_condition,sleeve_condition,comments",
      '1,101,John Coltrane,Blue Train,Blue Note,BLP 1577,"LP, Album, Mono",30.00,For Sale,Very Good Plus (VG+),Very Good (VG),Light wear',
    ].join("\n");
    // Without the shop's pressings to match its rows with, the file is refused rather than read as records.
    const plan = planImport(csv, lookup);
    expect(plan.kind).toBe("discogs");
    expect(plan.rows).toEqual([]);
    expect(plan.fileError).toMatch(/imported as used copies/);
  });

  it("bounds the rows of a file and reads 10,000 rows", () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `C-${i},Title ${i},Artist,9.99`);
    const plan = planImport(["catalogue_number,title,artist,price", ...rows].join("\n"), () => []);
    expect(plan.counts.create).toBe(10_000);
    expect(parseCsv("a\n1\n2\n3\n", { maxRows: 2 }).error).toMatch(/more than 2 rows/);
    // Reading back a report has no limit.
    expect(parseCsv("a\n1\n2\n3\n", { maxRows: Infinity })).toEqual({
      header: ["a"],
      rows: [2, 3, 4].map((line) => ({ line, cells: [String(line - 1)] })),
      error: null,
    });
    expect(parseCsv('a,b\n"unclosed,1\n').error).toMatch(/not a CSV file/);
  });

  it("writes a report of every line", () => {
    const plan = planImport("catalogue_number,title,artist,price\nA-1,T,Ar,1.00\nA-2,T,Ar,x\n", () => []);
    expect(reportRows(plan, false)).toEqual([
      ["line", "outcome", "catalogue_number", "title", "details"],
      ["2", "to create", "A-1", "T", ""],
      ["3", "error", "A-2", "T", "Price: Enter the price in pounds, such as 12.99"],
    ]);
  });
});

describe("reading an import file", () => {
  const header = "catalogue_number,title,artist,price";

  it("reads every row whatever mix of CRLF, LF and CR ends its lines", () => {
    for (const csv of [
      `${header}\r\nLE-1,One,Band,1.00\nLE-2,Two,Band,2.00\nLE-3,Three,Band,3.00\n`,
      `${header}\nLE-1,One,Band,1.00\r\nLE-2,Two,Band,2.00\rLE-3,Three,Band,3.00`,
      `${header}\rLE-1,One,Band,1.00\rLE-2,Two,Band,2.00\r\nLE-3,Three,Band,3.00\r\n`,
    ]) {
      const plan = planImport(csv, () => []);
      expect(
        plan.rows.map((r) => [r.line, r.action === "create" && r.fields.title]),
        JSON.stringify(csv),
      ).toEqual([
        [2, "One"],
        [3, "Two"],
        [4, "Three"],
      ]);
    }
  });

  it("gives the line a row starts on in the file, after line breaks inside quoted cells of any kind", () => {
    const csv = [
      header,
      'LN-1,"Two\r\nlines",Band,1.00',
      'LN-2,"Old\rMac",Band,2.00',
      "",
      'LN-3,"Three\nmore\r\nlines",Band,x',
      "LN-4,Last,Band,y",
    ].join("\r\n");
    expect(parseCsv(csv).rows.map((r) => [r.line, r.cells[0]])).toEqual([
      [2, "LN-1"],
      [4, "LN-2"],
      [7, "LN-3"],
      [10, "LN-4"],
    ]);
    // Line breaks inside a quoted cell are kept as the file has them.
    expect(parseCsv(csv).rows[0]!.cells[1]).toBe("Two\r\nlines");
    expect(
      reportRows(
        planImport(csv, () => []),
        false,
      ).map((r) => r[0]),
    ).toEqual(["line", "2", "4", "7", "10"]);
  });

  it("takes off the apostrophe the shop's export puts before a formula character, and no other", () => {
    const csv = [
      `${header},label`,
      `'=EXP-1,"'=HYPERLINK(""http://evil.example/"")",'-M-,9.99,'@Home`,
      "EXP-2,'Round Midnight,''+Plus,9.99,'",
    ].join("\n");
    const plan = planImport(csv, () => []);
    expect(
      plan.rows.map((r) => r.action === "create" && [r.fields.catalogNumber, r.fields.title, r.fields.artist, r.fields.label]),
    ).toEqual([
      ["=EXP-1", '=HYPERLINK("http://evil.example/")', "-M-", "@Home"],
      ["EXP-2", "'Round Midnight", "'+Plus", "'"],
    ]);
  });
});

describe("cells a UK spreadsheet writes its own way", () => {
  const csv = [
    "Cat No,Title,Artist,Price (£),Format,Release date,Physical release date",
    "UK-1,Spring,Someone,12.00,2LP,05/04/2024,",
    "UK-2,Summer,Someone,12.00,Vinyl LP,2024-06-01,1.7.2024",
    "UK-3,Autumn,Someone,12.00,LP,13/25/2024,",
  ].join("\n");

  it("reads day-first dates and common format spellings, and says how in a note per cell", () => {
    const plan = planImport(csv, () => []);
    const [spring, summer, autumn] = plan.rows;
    expect(spring).toMatchObject({ action: "create", fields: { releaseDate: "2024-04-05", format: "Vinyl 2×LP" } });
    expect(spring!.action === "create" && spring!.notes).toEqual([
      "Format: 2LP read as Vinyl 2×LP",
      "Release date: 05/04/2024 read as 5 April 2024",
    ]);
    expect(summer).toMatchObject({ action: "create", fields: { releaseDate: "2024-06-01", physicalReleaseDate: "2024-07-01" } });
    expect(summer!.action === "create" && summer!.notes).toEqual(["Physical release date: 1.7.2024 read as 1 July 2024"]);
    expect(autumn).toMatchObject({
      action: "error",
      errors: ["Release date: 13/25/2024 is not a date: write it day first, as 05/04/2024, or as 2024-04-05"],
    });
  });

  it("says how the file's headers were read", () => {
    expect(planImport(csv, () => []).columnNotes).toEqual(["Cat No read as Catalogue number"]);
  });
});
