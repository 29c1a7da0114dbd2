/**
 * The seven records with a named local cover (spec §9: "7 named plus track-1 to track-757").
 * They also appear in REAL_RECORDS; the seed places these first and skips the duplicates by artist + title.
 */
import type { NamedRecord } from "./types";

export const NAMED_RECORDS: NamedRecord[] = [
  {
    catalogueId: "blue-train",
    artist: "John Coltrane",
    title: "Blue Train",
    label: "Blue Note",
    year: 1957,
    genre: "Jazz",
    catalogNumber: "BLP 1577",
    description:
      "Coltrane's one and only Blue Note date as leader, cut at Rudy Van Gelder's Hackensack studio in September 1957. A three-horn front line, a brooding title blues and the ballad 'I'm Old Fashioned' make it a hard bop essential.",
  },
  {
    catalogueId: "kind-of-blue",
    artist: "Miles Davis",
    title: "Kind of Blue",
    label: "Columbia",
    year: 1959,
    genre: "Jazz",
    catalogNumber: "CL 1355",
    description:
      "Five tunes, sketched out by Miles only hours before the sessions, played by a sextet of giants. 'So What' and 'Blue in Green' still feel effortless, which is why this is the jazz record almost everyone owns.",
  },
  {
    catalogueId: "ok-computer",
    artist: "Radiohead",
    title: "OK Computer",
    label: "Parlophone",
    year: 1997,
    genre: "Rock",
    catalogNumber: "NODATA 02",
    description:
      "Recorded largely in a country house near Bath, Radiohead's third album turned millennial unease into soaring, intricate rock. 'Let Down', 'Karma Police' and 'Lucky' sound superb spread across the original double LP.",
  },
  {
    catalogueId: "abbey-road",
    artist: "The Beatles",
    title: "Abbey Road",
    label: "Apple",
    year: 1969,
    genre: "Rock",
    catalogNumber: "PCS 7088",
    description:
      "Named after the north-west London street and studio where the band made almost all of their records. From 'Come Together' to the closing 'The End', it is a warm, beautifully produced farewell with a zebra crossing everyone recognises.",
  },
  {
    catalogueId: "dark-side-of-the-moon",
    artist: "Pink Floyd",
    title: "The Dark Side of the Moon",
    label: "Harvest",
    year: 1973,
    genre: "Rock",
    catalogNumber: "SHVL 804",
    description:
      "Alan Parsons engineered this landmark at Abbey Road, and it went on to spend years on the charts. 'Time', 'Money' and 'The Great Gig in the Sky' flow as one piece; first pressings with posters and stickers are cherished.",
  },
  {
    catalogueId: "rumours",
    artist: "Fleetwood Mac",
    title: "Rumours",
    label: "Warner Bros.",
    year: 1977,
    genre: "Rock",
    catalogNumber: "K 56344",
    description:
      "Heartbreak set to sparkling California soft rock. Stevie Nicks, Lindsey Buckingham and Christine McVie each bring career-best songs, and the rhythm section of Mick Fleetwood and John McVie holds the whole glorious mess together.",
  },
  {
    catalogueId: "unknown-pleasures",
    artist: "Joy Division",
    title: "Unknown Pleasures",
    label: "Factory",
    year: 1979,
    genre: "Punk",
    catalogNumber: "FACT 10",
    description:
      "Factory Records' first album release, with the sides labelled 'Outside' and 'Inside' instead of one and two. 'Disorder', 'She's Lost Control' and 'New Dawn Fades' make it the blueprint for post-punk.",
  },
];
