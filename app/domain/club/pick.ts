/** The month's record for the club when no one has chosen one. */

export interface PickCandidate {
  recordId: number;
  genre: string | null;
  format: string | null;
  stockQuantity: number;
  /** Units sold, the best seller first. */
  unitsSold: number;
  title: string;
}

/** "2026-11" for a date in November 2026. */
export const monthOf = (iso: string): string => iso.slice(0, 7);

/**
 * The best-selling LP in stock, of the given genre if one is in stock, otherwise of any genre, leaving out
 * the records in `exclude` (sent before, or already another plan's pick). Ties go to the lower id. Null when
 * nothing fits.
 */
export function defaultPick<C extends PickCandidate>(
  candidates: readonly C[],
  { genre = null, exclude = [] }: { genre?: string | null; exclude?: readonly number[] } = {},
): C | null {
  const excluded = new Set(exclude);
  const fits = candidates
    .filter((c) => c.stockQuantity > 0 && (c.format ?? "").toUpperCase().includes("LP") && !excluded.has(c.recordId))
    .sort((a, b) => b.unitsSold - a.unitsSold || a.recordId - b.recordId);
  return (genre ? fits.find((c) => c.genre === genre) : undefined) ?? fits[0] ?? null;
}
