/**
 * How an import file's bytes become text. UTF-8 (with or without a byte order mark) is read as it is; UTF-16
 * with its byte order mark is what Excel saves as "Unicode text"; any other bytes that are not valid UTF-8 come
 * from a spreadsheet saving in the Windows code page, read as Windows-1252 (Latin-1 with € and curly quotes)
 * rather than refused, and the preview says so, so "Caf\xe9" is imported as "Café", never "Caf�".
 */

export type ImportEncoding = "UTF-8" | "Windows-1252" | "UTF-16";

// Bytes 0x80–0x9F in Windows-1252 (the WHATWG index): € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ, and five
// unused bytes that stay themselves. Node from 20.18.3 decodes "windows-1252" as Latin-1, leaving these as control
// characters (https://github.com/nodejs/node/issues/60888), so they are mapped here whichever Node runs.
const CP1252_80_9F =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252").decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]!);
}

export function decodeImportFile(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  // Each decoder drops its own byte order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "UTF-16" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "UTF-16" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "Windows-1252" };
  }
}

/** What the preview says about how the file was read; nothing for UTF-8. */
export function encodingNotice(encoding: ImportEncoding): string | null {
  if (encoding === "Windows-1252")
    return "Read as Windows-1252 (Latin-1): the file is not UTF-8. Check that accented letters look right below; saving it as “CSV UTF-8” avoids this.";
  if (encoding === "UTF-16") return "Read as UTF-16 (Unicode text).";
  return null;
}
