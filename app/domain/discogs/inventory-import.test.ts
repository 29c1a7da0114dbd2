import { describe, expect, it } from "vitest";
import { applicableRows, planImport, reportRows } from "../catalogue/record-import";
import { discogsCatnoKey, isDiscogsInventory, type DiscogsLookups, type PressingRef } from "./inventory-import";

const HEADER =
  "listing_id,artist,title,label,catno,format,release_id,status,price,listed,comments,media_condition,sleeve_condition,accept_offer,external_id,weight,format_quantity,flat_shipping,location";

/** A row of Discogs's seller inventory export, by its columns. */
function row(v: Partial<Record<string, string>>): string {
  const cells = {
    listing_id: "900001",
    artist: "John Coltrane",
    title: "Blue Train",
    label: "Blue Note",
    catno: "BLP 1577",
    format: "LP, Album, Mono",
    release_id: "249504",
    status: "For Sale",
    price: "30.00",
    listed: "2026-01-02 10:00:00",
    comments: "Light wear",
    media_condition: "Very Good Plus (VG+)",
    sleeve_condition: "Very Good (VG)",
    accept_offer: "N",
    external_id: "",
    weight: "230",
    format_quantity: "1",
    flat_shipping: "",
    location: "Jazz A3",
    ...v,
  };
  return HEADER.split(",")
    .map((k) => {
      const cell = cells[k as keyof typeof cells] ?? "";
      return /[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
    })
    .join(",");
}

const blueTrain: PressingRef = { id: 7, title: "Blue Train", artist: "John Coltrane", catalogNumber: "BLP 1577" };
const pastel: PressingRef = { id: 8, title: "Pastel Blues", artist: "Nina Simone", catalogNumber: "PHS 600-187" };

function lookups(over: Partial<DiscogsLookups> = {}): DiscogsLookups {
  return {
    pressingsByRelease: (id) => (id === 249504 ? [blueTrain] : []),
    pressingsByCatno: (key) => (key === discogsCatnoKey("PHS 600-187") ? [pastel] : []),
    recordOfListing: () => null,
    recordOfCatalogueId: () => null,
    ...over,
  };
}

const plan = (rows: string[], over?: Partial<DiscogsLookups>) =>
  planImport([HEADER, ...rows].join("\n"), () => [], { discogs: lookups(over) });

describe("a Discogs inventory export", () => {
  it("is known by its release_id and media_condition columns", () => {
    expect(isDiscogsInventory(HEADER.split(","))).toBe(true);
    expect(isDiscogsInventory(["Release ID", "Media Condition", "price"])).toBe(true);
    expect(isDiscogsInventory(["catalogue_number", "title", "artist", "price", "discogs_release_id"])).toBe(false);
  });

  it("becomes used copies of the pressing with that release id, never edits of the new record", () => {
    const p = plan([row({})]);
    expect(p.kind).toBe("discogs");
    expect(p.fileError).toBeNull();
    expect(p.counts).toEqual({ create: 0, update: 0, unchanged: 0, error: 0, copy: 1, skip: 0 });
    expect(p.rows[0]).toEqual({
      line: 2,
      action: "copy",
      pressing: blueTrain,
      matchedBy: "release",
      listingId: 900001,
      externalId: null,
      copy: {
        price: 3000,
        mediaGrade: "VG+",
        sleeveGrade: "VG",
        note: "Light wear",
        discogsReleaseId: 249504,
        shelfLocation: "Jazz A3",
      },
    });
    expect(applicableRows(p, false)?.map((r) => r.line)).toEqual([2]);
    expect(p.ignoredColumns).toEqual(["label", "format", "listed", "accept_offer", "weight", "format_quantity", "flat_shipping"]);
  });

  it("falls back to the new pressing with the catalogue number, whatever its case, spaces and hyphens", () => {
    const p = plan([row({ release_id: "111", catno: "phs600187", sleeve_condition: "Generic", comments: "" })]);
    expect(p.rows[0]).toMatchObject({
      action: "copy",
      pressing: pastel,
      matchedBy: "catalogue number",
      copy: { discogsReleaseId: 111, sleeveKind: "generic", sleeveGrade: "P" },
    });
    const blank = plan([row({ sleeve_condition: "" })]);
    expect(blank.rows[0]).toMatchObject({ action: "copy", copy: { sleeveKind: "not_graded", sleeveGrade: "P" } });
  });

  it("lists a row whose pressing the shop does not have, with the reason, and skips it", () => {
    const p = plan([row({ release_id: "5", catno: "NOPE-1", title: "Unknown" })]);
    expect(p.rows[0]).toEqual({
      line: 2,
      action: "skip",
      catalogNumber: "NOPE-1",
      title: "Unknown",
      reason:
        "The shop has no pressing of Discogs release 5 or with catalogue number NOPE-1: add it to the catalogue, then import the file again",
    });
    expect(p.counts.skip).toBe(1);
    expect(applicableRows(p, false)).toEqual([]);
  });

  it("names an unknown condition, with its line", () => {
    const p = plan([
      row({}),
      row({ listing_id: "2", media_condition: "Great" }),
      row({ listing_id: "3", sleeve_condition: "Shiny" }),
    ]);
    expect(p.rows.slice(1).map((r) => [r.line, r.action === "error" && r.errors])).toEqual([
      [
        3,
        [
          "Media condition “Great” is not one of Discogs's: Mint (M), Near Mint (NM or M-), Very Good Plus (VG+), Very Good (VG), Good Plus (G+), Good (G), Fair (F), Poor (P)",
        ],
      ],
      [
        4,
        [
          "Sleeve condition “Shiny” is not one of Discogs's: Mint (M), Near Mint (NM or M-), Very Good Plus (VG+), Very Good (VG), Good Plus (G+), Good (G), Fair (F), Poor (P), Generic, No Cover, Not Graded",
        ],
      ],
    ]);
    expect(applicableRows(p, false)).toBeNull();
    expect(applicableRows(p, true)?.map((r) => r.line)).toEqual([2]);
  });

  it("refuses a row without a release id or a listing id", () => {
    const p = plan([row({ release_id: "" }), row({ listing_id: "7", release_id: "r12" }), row({ listing_id: "" })]);
    expect(p.rows.map((r) => r.action === "error" && r.errors)).toEqual([
      ["Release id: missing; every Discogs listing is of a release"],
      ["Release id “r12” is not a Discogs release number"],
      ["Listing id: missing; import Discogs's own inventory export, which gives each listing's id"],
    ]);
  });

  it("reads prices with a pound sign or thousands, refuses a decimal comma and other currencies", () => {
    const p = plan([
      row({ listing_id: "1", price: "£12.50" }),
      row({ listing_id: "2", price: "1,200.00" }),
      row({ listing_id: "3", price: "12,50" }),
      row({ listing_id: "4", price: "$12.50" }),
      row({ listing_id: "5", price: "€12.50" }),
    ]);
    expect(p.rows.map((r) => (r.action === "copy" ? r.copy.price : r.action === "error" ? r.errors[0] : r.action))).toEqual([
      1250,
      120000,
      "Price “12,50”: is that £12.50 or £1,250? Write it with a point, such as 12.50",
      "Price “$12.50”: the shop sells in pounds; convert it to pounds first",
      "Price “€12.50”: the shop sells in pounds; convert it to pounds first",
    ]);
  });

  it("refuses a second row with the same external_id or listing id", () => {
    const p = plan([
      row({ listing_id: "1", external_id: "SHELF-9" }),
      row({ listing_id: "2", external_id: "SHELF-9" }),
      row({ listing_id: "1", external_id: "" }),
    ]);
    expect(p.rows.map((r) => (r.action === "error" ? r.errors : r.action))).toEqual([
      "copy",
      ["External id SHELF-9 is already on line 2"],
      ["Listing 1 is already on line 2"],
    ]);
  });

  it("skips, without an error, a listing not for sale and one already imported", () => {
    const p = plan(
      [
        row({ listing_id: "1", status: "Draft" }),
        row({ listing_id: "2", status: "Sold" }),
        row({ listing_id: "3" }),
        row({ listing_id: "4", external_id: "blue-train-used-1" }),
        row({ listing_id: "5", status: "for sale" }),
      ],
      {
        recordOfListing: (id) => (id === 3 ? 41 : null),
        recordOfCatalogueId: (id) => (id === "blue-train-used-1" ? 42 : null),
      },
    );
    expect(p.rows.map((r) => (r.action === "skip" ? r.reason : r.action))).toEqual([
      "Status “Draft”: only listings for sale are imported",
      "Status “Sold”: only listings for sale are imported",
      "Already imported: listing 3 is record #41",
      "Already imported: external id blue-train-used-1 is record #42",
      "copy",
    ]);
    expect(p.counts).toMatchObject({ copy: 1, skip: 4, error: 0 });
  });

  it("refuses a whole file that looks like Discogs's but lacks the columns a copy needs", () => {
    expect(planImport("listing_id,catno,title,artist,price\n1,A-1,T,A,9.99\n", () => []).fileError).toBe(
      "This looks like a Discogs file, but it has no release_id column and no media_condition column: a Discogs file is imported as used copies, which need both",
    );
    expect(planImport("release_id,media_condition\n1,Mint (M)\n", () => []).fileError).toBe("The file has no price column");
  });

  it("reports what each line would do and did", () => {
    const p = plan([row({}), row({ listing_id: "2", status: "Draft" })]);
    expect(reportRows(p, false).slice(1)).toEqual([
      ["2", "to add", "BLP 1577", "Blue Train", "Used copy VG+/VG at £30.00 (Discogs listing 900001)"],
      ["3", "skipped", "BLP 1577", "Blue Train", "Status “Draft”: only listings for sale are imported"],
    ]);
    expect(reportRows(p, true)[1]?.[1]).toBe("added");
  });
});
