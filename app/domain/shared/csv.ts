/**
 * The one CSV writer every download of the shop goes through (csv-stringify), with the one rule against
 * spreadsheet formula injection, and its inverse for the catalogue import, so an exported file imports back
 * exactly as it was.
 */
import { stringify } from "csv-stringify/sync";

/** A cell as the shop writes it: text, or a number of its own; nothing is an empty cell. */
export type CsvCell = string | number | null | undefined;

// OWASP, CSV Injection (https://owasp.org/www-community/attacks/CSV_Injection): a cell that starts with
// = + - @, a tab or a carriage return is read as a formula; an apostrophe in front makes it text, and a
// spreadsheet hides that apostrophe. Apostrophes already in front are counted in, so "'=x" is written "''=x"
// and reads back as "'=x".
const FORMULA_START = /^'*[=+\-@\t\r]/;
// A cell that is only a number ("-2.50") is read as that number, never run: the shop's own figures stay numbers.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const needsApostrophe = (text: string) => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);

/** The text a cell is written as: with an apostrophe in front when a spreadsheet would run it as a formula. */
export function neutraliseCell(text: string): string {
  return needsApostrophe(text) ? `'${text}` : text;
}

/** The inverse of neutraliseCell: takes off the apostrophe only where the writer would have put it. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && needsApostrophe(text.slice(1)) ? text.slice(1) : text;
}

/**
 * Rows as CSV text, every cell through neutraliseCell. `forSpreadsheets` adds a byte order mark and Windows line
 * ends, so spreadsheet programs read the file as UTF-8.
 */
export function writeCsv(rows: readonly (readonly CsvCell[])[], { forSpreadsheets = false } = {}): string {
  const cells = rows.map((row) => row.map((cell) => neutraliseCell(cell === null || cell === undefined ? "" : String(cell))));
  return stringify(cells, forSpreadsheets ? { bom: true, record_delimiter: "windows" } : {});
}
