/** Counts and page links of the catalogue listings, as text: pure so server and browser print the same. */

/** "88,319": grouped by hand so server and browser print the same text whatever ICU data they have. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "Showing 25–48 of 1,234 records". */
export function rangeText({ page, limit, total }: { page: number; limit: number; total: number }, noun = "records"): string {
  if (total === 0) return `No ${noun}`;
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const word = total === 1 ? noun.replace(/s$/, "") : noun;
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${word}`;
}

/** Page numbers to show: the first, the last and two either side of the current one; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev > 1) out.push(n - prev === 2 ? n - 1 : null);
    out.push(n);
  });
  return out;
}
