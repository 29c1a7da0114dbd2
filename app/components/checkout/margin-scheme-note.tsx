import { MARGIN_LINE_MARK, MARGIN_SCHEME_NOTE, MARGIN_SCHEME_WORDS } from "~/domain/vat/invoice-vat";

/** The mark on a line sold under the VAT margin scheme (its VAT is never shown). */
export function MarginSchemeMark() {
  return (
    <span className="mt-1 inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300">
      {MARGIN_LINE_MARK}
    </span>
  );
}

/** The margin scheme's words, under the totals of a document with a margin-scheme line (invoice-vat.ts). */
export function MarginSchemeNote({ className = "" }: { className?: string }) {
  return (
    <p className={`text-xs text-stone-700 ${className}`} data-testid="margin-scheme-note">
      <strong className="font-semibold">{MARGIN_SCHEME_WORDS}.</strong> {MARGIN_SCHEME_NOTE}
    </p>
  );
}
