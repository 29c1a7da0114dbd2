/**
 * What a buyer's documents say about VAT when an order holds a margin-scheme copy (the order confirmation page,
 * its mails, the packing slip). Under the margin scheme the VAT on a copy is not shown, neither per line nor in
 * the VAT total, and the document carries the scheme's words: HMRC VAT Notice 718, section 5.3 (sales invoices
 * under the margin scheme: no VAT shown separately, and a reference to the scheme), the VAT Regulations 1995,
 * reg. 14(1)(n), and Directive 2006/112/EC art. 226(14), whose words for second-hand goods are "margin scheme —
 * second-hand goods". The VAT total shown is the standard-rated part only. Browser-safe.
 */
import type { VatScheme } from "./vat-schemes";

/** The words every document of a sale with a margin-scheme copy carries. */
export const MARGIN_SCHEME_WORDS = "Margin scheme – second-hand goods";

/** Said once under the lines, beside the words above. */
export const MARGIN_SCHEME_NOTE =
  "Records marked “margin scheme” are second-hand goods sold under the VAT margin scheme: no VAT is shown for them, and none can be reclaimed on them.";

/** The mark on a margin-scheme line, where a standard line would say nothing. */
export const MARGIN_LINE_MARK = "Margin scheme";

/** The VAT a buyer is shown: the order's VAT less its margin-scheme lines' (the standard-rated part). */
export function shownVatPence(
  orderVatPence: number,
  lines: readonly { vatScheme: VatScheme; vatPence: number | null }[],
): number {
  return orderVatPence - lines.reduce((sum, l) => sum + (l.vatScheme === "margin" ? (l.vatPence ?? 0) : 0), 0);
}

/** Whether a document needs the margin scheme's words. */
export const hasMarginLines = (lines: readonly { vatScheme?: VatScheme }[]) => lines.some((l) => l.vatScheme === "margin");
