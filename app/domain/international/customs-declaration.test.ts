import { describe, expect, it } from "vitest";
import { customsDeclaration, type DeclarationOrder } from "./customs-declaration";

const sender = { eoriNumber: "GB123456789000", address: ["Needledrop Records Ltd", "London"] };

function order(over: Partial<DeclarationOrder> = {}): DeclarationOrder {
  return {
    orderNumber: "ND-ABCDEFGH",
    countryCode: "IE",
    name: "Aoife Byrne",
    addressLine1: "1 Grafton Street",
    addressLine2: null,
    city: "Dublin",
    postalCode: "D02 XY45",
    parcelGrams: 730,
    shippingPence: 1100,
    iossNumber: null,
    ...over,
  };
}

const line = (unitPricePence: number, quantity = 1) => ({
  title: "Blue Train",
  artist: "John Coltrane",
  quantity,
  unitPricePence,
  weightGrams: 240,
  hsCode: "852380",
  originCountry: "US",
});

describe("customs declaration", () => {
  it("is a CN22 for contents worth exactly £270, with each line's value, net weight, tariff code and origin", () => {
    const d = customsDeclaration(order(), [line(13500, 2)], sender)!;
    expect(d.form).toBe("CN22");
    expect(d.category).toBe("Sale of goods");
    expect(d.totalValuePence).toBe(27000);
    expect(d.lines).toEqual([
      {
        description: "Vinyl gramophone records: John Coltrane – Blue Train",
        quantity: 2,
        netKg: 0.48,
        valuePence: 27000,
        hsCode: "852380",
        originCountry: "US",
      },
    ]);
    expect(d.totalNetKg).toBe(0.48);
    expect(d.grossKg).toBe(0.73);
    expect(d.currency).toBe("GBP");
    expect(d.senderEori).toBe("GB123456789000");
    expect(d.postagePence).toBe(1100);
    expect(d.sender).toEqual(["Needledrop Records Ltd", "London"]);
    expect(d.recipient).toEqual(["Aoife Byrne", "1 Grafton Street", "Dublin", "D02 XY45", "Ireland"]);
  });

  it("is a CN23 from £270.01", () => {
    expect(customsDeclaration(order(), [line(27001)], sender)!.form).toBe("CN23");
  });

  it("prints the IOSS number only when the order has one", () => {
    expect(customsDeclaration(order(), [line(2500)], sender)!.iossNumber).toBeNull();
    expect(customsDeclaration(order({ iossNumber: "IM3720000123" }), [line(2500)], sender)!.iossNumber).toBe("IM3720000123");
  });

  it("is needed for Jersey and Guernsey but not for Great Britain, Northern Ireland or the Isle of Man", () => {
    expect(customsDeclaration(order({ countryCode: "JE" }), [line(2500)], sender)).not.toBeNull();
    expect(customsDeclaration(order({ countryCode: "GG" }), [line(2500)], sender)).not.toBeNull();
    expect(customsDeclaration(order({ countryCode: "GB" }), [line(2500)], sender)).toBeNull();
    expect(customsDeclaration(order({ countryCode: "IM" }), [line(2500)], sender)).toBeNull();
  });

  it("falls back to a record's usual weight and tariff code when the line has none", () => {
    const d = customsDeclaration(order(), [{ ...line(2500), weightGrams: null, hsCode: null, originCountry: null }], sender)!;
    expect(d.lines[0]).toMatchObject({ netKg: 0.23, hsCode: "852380", originCountry: "GB" });
  });
});
