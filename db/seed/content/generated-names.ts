/**
 * Word lists for the fictional records that fill the rest of the catalogue. The seed builds an artist as
 * "The {ARTIST_SECOND}" or "{ARTIST_FIRST} {ARTIST_SECOND}", and a title as "{TITLE_WORDS_A} {TITLE_WORDS_B}"
 * or "{TITLE_WORDS_B}" alone, so ARTIST_SECOND holds plural nouns and TITLE_WORDS_B words that stand alone.
 *
 * No word here appears in any of the ten placeholder titles the shop hides (spec §5), so no combination
 * can ever produce one. All labels are invented.
 */

export const ARTIST_FIRST = [
  "Amber", "Velvet", "Copper", "Hollow", "Paper", "Silver", "Quiet", "Northern",
  "Wild", "Crimson", "Golden", "Distant", "Borrowed", "Winter", "Salt", "Iron",
  "Glass", "Marble", "Static", "Willow", "Harbour", "Autumn", "Tidal", "Scarlet",
  "Wandering", "Sleeping", "Foxglove", "Heather", "Cobalt", "Ivory", "Saffron", "Painted",
  "Restless", "Gentle", "Kestrel", "Juniper", "Slate", "Bramble", "Sunken", "Orchard",
] as const;

export const ARTIST_SECOND = [
  "Lanterns", "Satellites", "Foxes", "Orchards", "Parades", "Cathedrals", "Swallows", "Harbours",
  "Ghosts", "Engines", "Tides", "Pilots", "Mirrors", "Ravens", "Rivers", "Lighthouses",
  "Gardeners", "Wolves", "Sparrows", "Postcards", "Tramlines", "Signals", "Weavers", "Herons",
  "Kites", "Magpies", "Thieves", "Sailors", "Poets", "Canals", "Lifeboats", "Moths",
  "Meridians", "Chimneys", "Ferrymen", "Cartographers", "Bellringers", "Orchids", "Acrobats", "Minstrels",
] as const;

export const TITLE_WORDS_A = [
  "Slow", "Borrowed", "Paper", "Quiet", "Faded", "Golden", "Hidden", "Distant", "Tender", "Restless",
  "Winter", "Silver", "Northern", "Open", "Burning", "Falling", "Broken", "Secret", "Bright", "Salt",
  "Last", "First", "Second", "Velvet", "Wild", "Little", "Endless", "Sunday", "Autumn", "Coastal",
  "Glass", "Morning", "Evening", "Hollow", "Long", "Lost", "Amber", "Painted", "Western", "Gentle",
  "Heavy", "Sleepless", "Crooked", "Wandering", "Lonely", "Copper", "Tidal", "Patient", "Sudden", "Early",
] as const;

export const TITLE_WORDS_B = [
  "Tides", "Harbour", "Postcards", "Weather", "Orchard", "Lanterns", "Signals", "Light", "Rooms", "Hours",
  "Rivers", "Letters", "Meridian", "Station", "Gardens", "Mirrors", "Coastline", "Satellite", "Weekend", "Parade",
  "Fireworks", "Cathedral", "Motorway", "Skyline", "Heartland", "Valley", "Reverie", "Afterglow", "Static", "Currents",
  "Frequencies", "Island", "Landscapes", "Footsteps", "Seasons", "Wildflowers", "Embers", "Thunder", "Shoreline", "Snowfall",
  "Departures", "Arrivals", "Promises", "Silhouettes", "Carousel", "Compass", "Daylight", "Estuary", "Lullabies", "Souvenirs",
] as const;

/** Invented independent UK and European labels. */
export const LABELS = [
  "Harbour Lights Records",
  "Saltmarsh Sound",
  "Copper Kettle Recordings",
  "Ninefold Records",
  "Blackthorn Lane Records",
  "Greyfriars Audio",
  "Kestrel & Wren",
  "Lowland Pressings",
  "Tidewater Grooves",
  "Fenlight Records",
  "Cloudberry Sound",
  "Maritime Hall Recordings",
  "Old Forge Lane Records",
  "Northgate Vinyl",
  "Bramblewood Records",
  "Starling Yard",
  "Pennine Pressing Co.",
  "Aldgate Editions",
  "Quayside Lamp Records",
  "Hollowmere Music",
  "Larkspur & Pine",
  "Mistlethrush Audio",
  "Rivermouth Records",
  "Chalkdown Records",
  "Wexford Strand Records",
  "Lindenhof Schallplatten",
  "Disques Marée Basse",
  "Vinilos del Faro",
  "Noordzee Platen",
  "Fjordlys Records",
  "Corvo Dischi",
] as const;

export type GeneratedLabel = (typeof LABELS)[number];

/** Catalogue-number prefixes, one per label, e.g. "HLR 1042". */
export const LABEL_PREFIXES: Readonly<Record<GeneratedLabel, string>> = {
  "Harbour Lights Records": "HLR",
  "Saltmarsh Sound": "SMS",
  "Copper Kettle Recordings": "CKR",
  "Ninefold Records": "NFR",
  "Blackthorn Lane Records": "BTL",
  "Greyfriars Audio": "GFA",
  "Kestrel & Wren": "KWR",
  "Lowland Pressings": "LWP",
  "Tidewater Grooves": "TWG",
  "Fenlight Records": "FNL",
  "Cloudberry Sound": "CLB",
  "Maritime Hall Recordings": "MHR",
  "Old Forge Lane Records": "OFL",
  "Northgate Vinyl": "NGV",
  "Bramblewood Records": "BWR",
  "Starling Yard": "STY",
  "Pennine Pressing Co.": "PPC",
  "Aldgate Editions": "ALD",
  "Quayside Lamp Records": "QSL",
  "Hollowmere Music": "HWM",
  "Larkspur & Pine": "LKP",
  "Mistlethrush Audio": "MTA",
  "Rivermouth Records": "RMR",
  "Chalkdown Records": "CKD",
  "Wexford Strand Records": "WXS",
  "Lindenhof Schallplatten": "LHS",
  "Disques Marée Basse": "DMB",
  "Vinilos del Faro": "VDF",
  "Noordzee Platen": "NZP",
  "Fjordlys Records": "FJR",
  "Corvo Dischi": "CVD",
};

/**
 * Shop copy for fictional records. Placeholders: {artist}, {title}, {genre} (inserted in lower case) and
 * {year}. Written so that any genre or year reads naturally (no "a {genre}" constructions).
 */
export const DESCRIPTION_TEMPLATES = [
  "{artist}'s {year} release {title} is a quietly confident record that rewards patient listening. A welcome find for anyone working through the {genre} racks.",
  "First pressed in {year}, {title} finds {artist} at their most assured, with warm production and songs that linger long after the needle lifts.",
  "A cult favourite among {genre} collectors, {title} has been lovingly repressed on heavyweight vinyl with the original {year} artwork restored.",
  "{title} is the record that made the name of {artist} on the independent circuit. Crisp mastering and a sturdy tip-on sleeve make this edition a keeper.",
  "Recorded live to tape, {title} captures {artist} in full flight. An overlooked piece of {genre} history from {year}, pressed here on 180-gram vinyl.",
  "Originally released in {year}, {title} sold out its first run within weeks. This repress restores the full running order and the gatefold sleeve.",
  "If you love {genre} with a little grain and character, {title} by {artist} belongs in your crates. It sounds superb on a well set-up turntable.",
  "Late-night listening at its best: {title} drifts between moods without ever losing its thread. A standout in the {artist} catalogue since {year}.",
  "{artist} recorded {title} in a converted chapel, and you can hear the room on every track. A {year} gem for collectors who value atmosphere.",
  "Deep grooves, honest songwriting and a sleeve worth framing: {title} is {artist} at their very best. Pressed on black vinyl with a printed inner sleeve.",
  "A word-of-mouth favourite behind our counter, {title} mixes classic {genre} touches with a sound all of its own. First released in {year}.",
  "The mastering on this edition of {title} is excellent, with a wide soundstage and tight, punchy low end. Highly recommended for {genre} devotees.",
  "{title} arrived in {year} with little fanfare and has been climbing collectors' want lists ever since. Grab a copy while this pressing lasts.",
  "Warm, unhurried and full of small surprises, {title} by {artist} is the kind of {genre} record you end up playing from start to finish, every time.",
  "Pressed in a modest run, this edition of {artist}'s {title} comes with a printed lyric insert. A {year} release well worth seeking out.",
  "Equal parts melancholy and uplift, {title} shows {artist} stretching the edges of {genre} without losing sight of the song. Originally issued in {year}.",
] as const;
