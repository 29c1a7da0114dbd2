import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CLICK_AND_DROP_COLUMNS, clickAndDropCsv, readTrackingCsv, type ClickAndDropOrder } from "./click-and-drop";

const record = (title: string, artist: string, unitPricePence: number, quantity = 1) => ({
  title,
  artist,
  quantity,
  unitPricePence,
  weightGrams: 230,
  hsCode: "852380",
  originCountry: "GB",
});

const base = {
  date: "2026-11-27T10:00:00.000Z",
  addressLine2: null,
  email: "buyer@example.com",
  iossNumber: null,
};

/** Three parcels of one evening's packing: Dublin (IOSS), New York, and Jersey (UK rates, but an export). */
const THREE_PARCELS: ClickAndDropOrder[] = [
  {
    ...base,
    orderNumber: "ND-DUBLINAA",
    name: "Aoife Byrne",
    addressLine1: "1 Grafton Street",
    city: "Dublin",
    postalCode: "D02 XY45",
    countryCode: "IE",
    phone: "+353 1 234 5678",
    service: "intl_tracked",
    parcelGrams: 710,
    itemsPence: 4000,
    shippingPence: 1400,
    totalPence: 6642,
    iossNumber: "IM3720000123",
    lines: [record("Blue Train", "John Coltrane", 2000), record("Kind of Blue", "Miles Davis", 2000)],
  },
  {
    ...base,
    orderNumber: "ND-NEWYORKA",
    name: "Sam Rivers",
    addressLine1: "350 Fifth Avenue",
    addressLine2: "Apt 12",
    city: "New York",
    postalCode: "10118",
    countryCode: "US",
    phone: "+1 212 555 0100",
    service: "intl_standard",
    parcelGrams: 480,
    itemsPence: 2083,
    shippingPence: 1300,
    totalPence: 3383,
    lines: [record("A Love Supreme", "John Coltrane", 2083)],
  },
  {
    ...base,
    orderNumber: "ND-JERSEYAA",
    name: "Jo Le Brocq",
    addressLine1: "12 King Street",
    city: "St Helier",
    postalCode: "JE2 4WF",
    countryCode: "JE",
    phone: null,
    service: "tracked_48",
    parcelGrams: 480,
    itemsPence: 2083,
    shippingPence: 400,
    totalPence: 2483,
    lines: [record("Moanin'", "Art Blakey", 2083)],
  },
];

describe("Click & Drop order import CSV", () => {
  it("has Click & Drop's own column names", () => {
    const [header] = parse(clickAndDropCsv([]), { bom: true }) as string[][];
    expect(header).toEqual([...CLICK_AND_DROP_COLUMNS]);
    expect(header).toEqual(
      expect.arrayContaining([
        "Order reference",
        "Full name",
        "Address Line 1",
        "City",
        "Postcode",
        "Country",
        "Phone",
        "Email",
        "Weight",
        "Package Size",
        "Service code",
        "Product name",
        "Quantity",
        "Unit price",
        "Product customs code",
        "Country of origin",
        "IOSS number",
        "Currency Code",
        "Total",
        "Shipping Cost",
      ]),
    );
  });

  it("writes three parcels (Dublin, New York, Jersey) as one row a record, sharing their order reference", () => {
    const csv = clickAndDropCsv(THREE_PARCELS);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r["Order reference"])).toEqual(["ND-DUBLINAA", "ND-DUBLINAA", "ND-NEWYORKA", "ND-JERSEYAA"]);
    expect(rows[0]).toMatchObject({
      "Full name": "Aoife Byrne",
      City: "Dublin",
      Postcode: "D02 XY45",
      Country: "IRL",
      Phone: "+353 1 234 5678",
      Weight: "0.71",
      "Package Size": "Parcel",
      "Service code": "INTL_TRACKED",
      "Product name": "John Coltrane – Blue Train",
      Quantity: "1",
      "Unit price": "20.00",
      "Unit weight": "0.23",
      "Customs description": "Vinyl gramophone records",
      "Product customs code": "852380",
      "Country of origin": "GB",
      "IOSS number": "IM3720000123",
      "Currency Code": "GBP",
      "Sub-total": "40.00",
      "Shipping Cost": "14.00",
      Total: "66.42",
      Date: "27/11/26",
    });
    expect(rows[2]).toMatchObject({
      Country: "USA",
      "Address Line 2": "Apt 12",
      "IOSS number": "",
      "Service code": "INTL_STANDARD",
    });
    expect(rows[3]).toMatchObject({ Country: "JEY", Postcode: "JE2 4WF", Phone: "", "Service code": "TRACKED_48" });
  });
});

describe("tracking numbers pasted back from Click & Drop", () => {
  it("reads the order reference and tracking number columns by their names, whatever else the file has", () => {
    const text = [
      "Channel,Order reference,Recipient,Tracking number",
      "Needledrop,ND-DUBLINAA,Aoife Byrne,AB123456785GB",
      "Needledrop,nd-newyorka, Sam Rivers ,ab 1234 5678 5gb",
    ].join("\n");
    expect(readTrackingCsv(text)).toEqual({
      rows: [
        { line: 2, orderNumber: "ND-DUBLINAA", trackingNumber: "AB123456785GB" },
        { line: 3, orderNumber: "ND-NEWYORKA", trackingNumber: "AB123456785GB" },
      ],
      problems: [],
    });
  });

  it("takes two bare columns (reference, tracking number) without a header", () => {
    expect(readTrackingCsv("ND-JERSEYAA,AB123456785GB\n").rows).toEqual([
      { line: 1, orderNumber: "ND-JERSEYAA", trackingNumber: "AB123456785GB" },
    ]);
  });

  it("names each bad row: a wrong check digit, no reference, an order twice", () => {
    const text = [
      "Order reference,Tracking number",
      "ND-DUBLINAA,AB123456784GB",
      ",AB123456785GB",
      "ND-NEWYORKA,AB123456785GB",
      "ND-NEWYORKA,AB123456785GB",
      "",
    ].join("\n");
    const { rows, problems } = readTrackingCsv(text);
    expect(rows).toEqual([{ line: 4, orderNumber: "ND-NEWYORKA", trackingNumber: "AB123456785GB" }]);
    expect(problems).toEqual([
      { line: 2, reference: "ND-DUBLINAA", message: "AB123456784GB is not a Royal Mail tracking number" },
      { line: 3, reference: "", message: "No order reference" },
      { line: 5, reference: "ND-NEWYORKA", message: "ND-NEWYORKA is on an earlier row already" },
    ]);
  });

  it("says so when the text is not CSV at all", () => {
    expect(readTrackingCsv('"unclosed,AB123456785GB').problems).toEqual([
      { line: 1, reference: "", message: expect.stringMatching(/^Not a CSV file/) },
    ]);
  });
});
