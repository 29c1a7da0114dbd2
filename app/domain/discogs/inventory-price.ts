/**
 * A price cell of a Discogs file, read as pounds. Discogs writes a seller's prices in the seller's currency,
 * and a spreadsheet may add a pound sign or thousands commas: "£12.50" and "1,200.00" are read; "12,50" is
 * refused (a decimal comma, or a thousands comma that lost a digit?), and so is any other currency, since the
 * shop sells in pounds and does not convert. Browser-safe.
 */
import { poundsTextToPence } from "../catalogue/record-fields";

export type PriceReading = { ok: true; pence: number } | { ok: false; error: string };

const OTHER_CURRENCY = /[$€¥₹]|\b(?:usd|eur|cad|aud|jpy|nzd|chf|sek|dkk|nok)\b/i;

export function readDiscogsPrice(text: string): PriceReading {
  const cell = text.trim();
  if (cell === "") return { ok: false, error: "Price: missing" };
  if (OTHER_CURRENCY.test(cell))
    return { ok: false, error: `Price “${cell}”: the shop sells in pounds; convert it to pounds first` };
  const pounds = cell.replace(/^£\s*/, "").replace(/\s*gbp$/i, "");
  if (/^\d+,\d{1,2}$/.test(pounds))
    return { ok: false, error: `Price “${cell}”: is that £${ambiguous(pounds)}? Write it with a point, such as 12.50` };
  const pence = pounds.length > 20 ? null : poundsTextToPence(pounds);
  return pence === null ? { ok: false, error: `Price “${cell}” is not a price in pounds, such as 12.50` } : { ok: true, pence };
}

/** "12,50" → "12.50 or £1,250": the two things the cell could mean (pence after a comma, or a comma misplaced). */
function ambiguous(pounds: string): string {
  const [whole = "", fraction = ""] = pounds.split(",");
  return `${whole}.${fraction.padEnd(2, "0")} or £${Number(whole + fraction).toLocaleString("en-GB")}`;
}
