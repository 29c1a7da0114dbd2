/**
 * The shop's VAT quarters: calendar quarters (January–March, April–June, July–September, October–December), the
 * periods of its VAT returns. Written "2026-Q4" in addresses and file names. Browser-safe.
 */
export interface VatQuarter {
  key: string;
  /** First and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  label: string;
}

const MONTHS = ["January", "April", "July", "October"] as const;
const LAST_MONTHS = ["March", "June", "September", "December"] as const;
const LAST_DAYS = ["03-31", "06-30", "09-30", "12-31"] as const;
const QUARTER_KEY = /^(\d{4})-Q([1-4])$/;

function build(year: number, q: number): VatQuarter {
  const first = String((q - 1) * 3 + 1).padStart(2, "0");
  return {
    key: `${year}-Q${q}`,
    from: `${year}-${first}-01`,
    to: `${year}-${LAST_DAYS[q - 1]}`,
    label: `${MONTHS[q - 1]}–${LAST_MONTHS[q - 1]} ${year}`,
  };
}

/** The quarter a day (YYYY-MM-DD) falls in. */
export function quarterOf(isoDate: string): VatQuarter {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  return build(year, Math.floor((month - 1) / 3) + 1);
}

/** "2026-Q4" → the quarter; null for anything else. */
export function parseQuarter(key: string | null | undefined): VatQuarter | null {
  const m = QUARTER_KEY.exec(key ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  return year >= 2000 && year <= 2100 ? build(year, Number(m[2])) : null;
}

/** The quarter before. */
export function previousQuarter(q: VatQuarter): VatQuarter {
  const [year, n] = [Number(q.key.slice(0, 4)), Number(q.key.slice(6))];
  return n === 1 ? build(year - 1, 4) : build(year, n - 1);
}

/** Whether a day falls in the quarter. */
export const inQuarter = (isoDate: string | null, q: VatQuarter) => !!isoDate && isoDate >= q.from && isoDate <= q.to;
