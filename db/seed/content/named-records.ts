/**
 * The seven records with a named local cover (spec §9: "7 named plus track-1 to track-757").
 * Their facts come from REAL_RECORDS, so there is one place to correct them; the seed places these
 * first and skips them when it walks REAL_RECORDS.
 */
import { REAL_RECORDS } from "./real-records";
import type { NamedRecord } from "./types";

const NAMED: readonly (readonly [catalogueId: string, artist: string, title: string])[] = [
  ["blue-train", "John Coltrane", "Blue Train"],
  ["kind-of-blue", "Miles Davis", "Kind of Blue"],
  ["ok-computer", "Radiohead", "OK Computer"],
  ["abbey-road", "The Beatles", "Abbey Road"],
  ["dark-side-of-the-moon", "Pink Floyd", "The Dark Side of the Moon"],
  ["rumours", "Fleetwood Mac", "Rumours"],
  ["unknown-pleasures", "Joy Division", "Unknown Pleasures"],
];

export const NAMED_RECORDS: NamedRecord[] = NAMED.map(([catalogueId, artist, title]) => {
  const real = REAL_RECORDS.find((r) => r.artist === artist && r.title === title);
  if (!real) throw new Error(`Named record ${artist} – ${title} is missing from REAL_RECORDS`);
  return { ...real, catalogueId };
});
