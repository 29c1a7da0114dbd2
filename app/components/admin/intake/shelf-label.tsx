import { renderSVG } from "uqr";
import { formatPence } from "~/domain/shared/money";
import type { IntakeCopyView } from "../../../../server/services/intake";

export interface LabelCopy extends IntakeCopyView {
  /** What the QR code holds: the copy's back-office page, so a phone's camera opens it. */
  qrText: string;
}

const sleeveText = (c: LabelCopy) => (c.sleeveKind ? c.sleeveKind.replace("_", " ") : c.sleeveGrade);

/**
 * One copy's shelf label: its grades and price large enough to read along a shelf, where it lives, what it is, and a
 * QR code of its back-office page. Sized by its container: a 6 × 4 inch label, or one cell of an A4 sheet.
 */
export function ShelfLabel({ copy, size }: { copy: LabelCopy; size: "label" | "cell" }) {
  const big = size === "label";
  return (
    <article
      aria-label={`Shelf label for #${copy.id}`}
      className={`shelf-label flex h-full flex-col justify-between overflow-hidden bg-white text-stone-950 ${big ? "p-[0.3in]" : "p-[4mm]"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className={`leading-tight font-bold ${big ? "text-2xl" : "text-base"} line-clamp-2`}>{copy.title}</p>
          <p className={`${big ? "text-xl" : "text-sm"} line-clamp-1`}>{copy.artist}</p>
        </div>
        <div
          className={`shrink-0 ${big ? "w-[1.5in]" : "w-[24mm]"} [&>svg]:h-auto [&>svg]:w-full`}
          role="img"
          aria-label={`QR code for ${copy.qrText}`}
          // uqr draws the code as an SVG string of its own making (no user text is interpreted as markup).
          dangerouslySetInnerHTML={{ __html: renderSVG(copy.qrText, { border: 0 }) }}
        />
      </div>
      <div className="flex items-end justify-between gap-3">
        <div>
          <p className={`font-mono ${big ? "text-3xl" : "text-lg"}`}>
            Record <span className="font-bold">{copy.mediaGrade}</span> · Sleeve{" "}
            <span className="font-bold">{sleeveText(copy)}</span>
          </p>
          <p className={`${big ? "text-base" : "text-[10px]"} text-stone-700`}>
            {copy.shelfLocation ? `Shelf ${copy.shelfLocation}` : "No shelf given"} · #{copy.id} · {copy.catalogueId}
          </p>
        </div>
        <p className={`font-display font-bold tabular-nums ${big ? "text-5xl" : "text-2xl"}`}>{formatPence(copy.pricePence)}</p>
      </div>
    </article>
  );
}
