/** How big a catalogue import may be (the file, and its rows). Apart from the CSV reader, so pages can show them. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
