import { describe, expect, it } from "vitest";
import { COUNTRIES, countryByCode, countryName, EU_MEMBER_STATES, findCountry, UNITED_KINGDOM } from "./countries";

describe("the countries the shop delivers to", () => {
  it("lists every ISO 3166 country once, the United Kingdom first", () => {
    expect(COUNTRIES[0]).toEqual(UNITED_KINGDOM);
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(EU_MEMBER_STATES.every((code) => countryByCode(code)?.vatArea === "eu")).toBe(true);
  });

  it("the UK (Northern Ireland included) and the Isle of Man are UK for VAT, with no customs", () => {
    expect(UNITED_KINGDOM).toEqual({ code: "GB", name: "United Kingdom", zone: "uk", vatArea: "uk", customs: false });
    expect(findCountry("Northern Ireland")).toEqual(UNITED_KINGDOM);
    expect(countryByCode("IM")).toMatchObject({ zone: "uk", vatArea: "uk", customs: false });
  });

  it("Jersey and Guernsey post at UK rates but are exports with customs", () => {
    for (const code of ["JE", "GG"]) {
      expect(countryByCode(code)).toMatchObject({ zone: "uk", vatArea: "outside", customs: true });
    }
  });

  it("puts each country in its Royal Mail zone", () => {
    expect(countryByCode("IE")).toMatchObject({ zone: "europe", vatArea: "eu", customs: true });
    expect(countryByCode("DE")).toMatchObject({ zone: "europe", vatArea: "eu" });
    expect(countryByCode("NO")).toMatchObject({ zone: "europe", vatArea: "outside" });
    expect(countryByCode("CH")).toMatchObject({ zone: "europe", vatArea: "outside" });
    expect(countryByCode("US")).toMatchObject({ name: "United States", zone: "usa", vatArea: "outside" });
    expect(countryByCode("JP")).toMatchObject({ zone: "world", vatArea: "outside" });
    expect(countryByCode("AU")).toMatchObject({ zone: "world" });
  });
});

describe("findCountry", () => {
  it.each([
    ["IE", "IE"],
    ["ie", "IE"],
    [" de ", "DE"],
    ["Ireland", "IE"],
    ["germany", "DE"],
    ["United States of America", "US"],
    ["United States", "US"],
    ["USA", "US"],
    ["UK", "GB"],
    ["uk", "GB"],
    ["United Kingdom", "GB"],
    ["Great Britain", "GB"],
    ["Scotland", "GB"],
    ["Eire", "IE"],
    ["Holland", "NL"],
    ["South Korea", "KR"],
  ])("reads %j as %s", (typed, code) => {
    expect(findCountry(typed)?.code).toBe(code);
  });

  it.each(["", "   ", "XX", "ZZ", "Atlantis", "U", "United"])("knows no country %j", (typed) => {
    expect(findCountry(typed)).toBeUndefined();
  });

  it("names a country by its code, and leaves an unknown code as it is", () => {
    expect(countryName("FR")).toBe("France");
    expect(countryName("US")).toBe("United States");
    expect(countryName("QQ")).toBe("QQ");
  });
});
