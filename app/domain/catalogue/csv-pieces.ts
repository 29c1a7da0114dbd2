/**
 * csv-parse fed a piece of the file at a time, so that a big file can be read in steps with the event loop served
 * between them (planImportSteps). Its stream parser is driven synchronously: a piece written is parsed at once and
 * its records read back before the next piece, so records and errors are those of parsing the whole text in one go
 * (a test compares the two with pieces as small as one byte).
 */
import { Parser, type Options } from "csv-parse";
import { parse } from "csv-parse/sync";

/** Yields after every piece of `pieceBytes` bytes; returns every record, or throws csv-parse's error. */
export function* csvRecordsInPieces(text: string, options: Options, pieceBytes: number): Generator<0, unknown[]> {
  const parser = new Parser(options);
  // The error is read from `errored`: without a listener the stream would also throw it from an 'error' event.
  parser.on("error", () => {});
  let flushed = false;
  parser.once("prefinish", () => (flushed = true));
  const records: unknown[] = [];
  const readOut = () => {
    for (let record: unknown = parser.read(); record !== null; record = parser.read()) records.push(record);
    if (parser.errored) throw parser.errored;
  };
  // Bytes rather than string slices: a cut through a character is csv-parse's to join, never a broken surrogate.
  const bytes = new TextEncoder().encode(text);
  // csv-parse ends the stream itself once it has `to` records.
  for (let at = 0; at < bytes.length && !parser.writableEnded; at += pieceBytes) {
    parser.write(bytes.subarray(at, at + pieceBytes));
    readOut();
    yield 0;
  }
  // Stopped at `to` records, the parser has all it will give; otherwise end() flushes the last record (one not
  // followed by a line break). Node flushes synchronously; were it not to, the file is read again in one go rather
  // than lose that record.
  const stopped = parser.writableEnded;
  if (!stopped) parser.end();
  readOut();
  if (!stopped && !flushed) return parse(text, options) as unknown[];
  return records;
}
