/**
 * Where the shop delivers: every ISO 3166-1 country (alpha-2 codes, English names from the i18n-iso-countries
 * package), each in one of the shop's four Royal Mail zones, with what its VAT and customs are from the UK.
 *
 * - Northern Ireland is part of the UK ("GB" here, as Royal Mail addresses it): GB to NI parcels are domestic
 *   supplies with UK VAT and no customs declaration for goods a consumer buys (HMRC, "VAT and moving goods between
 *   Great Britain and Northern Ireland", and the Windsor Framework's consumer parcels).
 * - The Isle of Man is in the UK VAT area, and Royal Mail posts to it at UK rates, with no customs.
 * - Jersey and Guernsey (the Channel Islands) are outside the UK VAT area: goods sent there are exports, zero-rated,
 *   with a customs declaration, though Royal Mail posts to them at UK rates (HMRC VAT Notice 703, "Export of goods
 *   from the UK": the UK for VAT includes the Isle of Man but not the Channel Islands).
 */
// The package's English names as data only: its lookup code is CommonJS, which would add the bundler's CommonJS
// helpers to every page's first load; the two lookups the shop needs are a few lines below.
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };

/** Each code's English names: the first is the official one, the rest are other names it goes by. */
const ENGLISH_NAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(en.countries as Record<string, string | string[]>).map(([code, names]) => [
    code,
    typeof names === "string" ? [names] : names,
  ]),
);

export type ShippingZone = "uk" | "europe" | "usa" | "world";
/** The VAT area a parcel goes to: the UK's own (UK VAT), the EU's (import VAT, IOSS), or neither (an export). */
export type VatArea = "uk" | "eu" | "outside";

export const UK_CODE = "GB";
export const DEFAULT_COUNTRY_CODE = UK_CODE;

/** The 27 member states of the EU (ISO codes; Greece is "GR" here, "EL" in the EU's own VAT lists). */
export const EU_MEMBER_STATES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

/** Europe outside the EU that Royal Mail prices as its Europe zone. */
const OTHER_EUROPE = [
  "AL",
  "AD",
  "AM",
  "AZ",
  "BY",
  "BA",
  "FO",
  "GE",
  "GI",
  "GL",
  "IS",
  "KZ",
  "XK",
  "KG",
  "LI",
  "MK",
  "MD",
  "MC",
  "ME",
  "NO",
  "RS",
  "SM",
  "CH",
  "TJ",
  "TR",
  "TM",
  "UA",
  "UZ",
  "VA",
  "AX",
  "SJ",
];

/** Posted at UK rates, like the mainland: the Isle of Man and the Channel Islands. */
const UK_POSTAL = ["GB", "IM", "JE", "GG"];
/** In the UK VAT area: the UK (Northern Ireland included) and the Isle of Man. */
const UK_VAT_AREA = ["GB", "IM"];

/** Names the shop shows in its own words where the package's English name is long or formal. */
const SHOWN_NAMES: Record<string, string> = {
  GB: "United Kingdom",
  US: "United States",
  KR: "South Korea",
  KP: "North Korea",
  RU: "Russia",
  TW: "Taiwan",
  VN: "Vietnam",
};

/** Other names an API client or an old order may use for a country. */
const ALIASES: Record<string, string> = {
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  usa: "US",
  "united states": "US",
  "republic of ireland": "IE",
  eire: "IE",
  holland: "NL",
};

export interface Country {
  code: string;
  name: string;
  zone: ShippingZone;
  vatArea: VatArea;
  /** A customs declaration (CN22/CN23) goes with the parcel. */
  customs: boolean;
}

const isEu = (code: string) => (EU_MEMBER_STATES as readonly string[]).includes(code);

function describe(code: string, name: string): Country {
  const zone: ShippingZone = UK_POSTAL.includes(code)
    ? "uk"
    : code === "US"
      ? "usa"
      : isEu(code) || OTHER_EUROPE.includes(code)
        ? "europe"
        : "world";
  const vatArea: VatArea = UK_VAT_AREA.includes(code) ? "uk" : isEu(code) ? "eu" : "outside";
  return { code, name, zone, vatArea, customs: vatArea !== "uk" };
}

/** Every country, sorted by name as shown (the United Kingdom first: almost every order goes there). */
export const COUNTRIES: readonly Country[] = (() => {
  const all = Object.entries(ENGLISH_NAMES).map(([code, names]) => describe(code, SHOWN_NAMES[code] ?? names[0]!));
  // Sorted without Intl (a page's first Intl call costs tens of milliseconds): accents set aside, "Åland" with the As.
  const key = (name: string) =>
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  all.sort((a, b) => (a.code === UK_CODE ? -1 : b.code === UK_CODE ? 1 : key(a.name) < key(b.name) ? -1 : 1));
  return all;
})();

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c]));
const BY_NAME = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c]));

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/**
 * A country from what a form or an API client sent: its ISO code ("IE", "ie"), its name as the shop shows it, the
 * package's English names ("Ireland", "United States of America") or a common alias ("UK", "USA").
 */
export function findCountry(input: string): Country | undefined {
  const typed = input.trim();
  if (!typed) return undefined;
  const lower = typed.toLowerCase();
  // Two letters are an ISO code, except the aliases that look like one ("UK" is GB's, not a country of its own).
  if (typed.length === 2) return countryByCode(ALIASES[lower] ?? typed);
  const byName = BY_NAME.get(lower);
  if (byName) return byName;
  const aliased = ALIASES[lower];
  if (aliased) return BY_CODE.get(aliased);
  const code = Object.keys(ENGLISH_NAMES).find((c) => ENGLISH_NAMES[c]!.some((name) => name.toLowerCase() === lower));
  return code ? BY_CODE.get(code) : undefined;
}

export function countryName(code: string): string {
  return countryByCode(code)?.name ?? code;
}

export const UNITED_KINGDOM: Country = BY_CODE.get(UK_CODE)!;
