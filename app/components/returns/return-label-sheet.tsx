export interface ReturnLabelView {
  returnNumber: string;
  orderNumber: string;
  shopAddress: readonly string[];
  prepaidReference: string | null;
  lines: { quantity: number; artist: string; title: string }[];
}

export type LabelPaper = "a4" | "label";

// The shop's two papers, as its packing slips and address labels use them: A4, and a 6 × 4 inch thermal label.
// On paper the page is white: the frame's tinted background is left to the screen.
const WHITE = '@media print { html, body, [class*="bg-paper"] { background: white !important; } }';
const PAGE_CSS: Record<LabelPaper, string> = {
  a4: `@page { size: A4; margin: 14mm; } ${WHITE}`,
  label: `@page { size: 6in 4in; margin: 0; } ${WHITE} @media print { .return-label { width: 6in; height: 4in; max-width: none !important; overflow: hidden; } }`,
};

/**
 * A return label: the return number large (the shop matches the parcel by it), the shop's address, the order
 * number, and the postage: a prepaid Royal Mail Tracked Returns reference, or a note that the sender pays.
 */
export function ReturnLabelSheet({ label, paper }: { label: ReturnLabelView; paper: LabelPaper }) {
  const small = paper === "label";
  return (
    <>
      <style>{PAGE_CSS[paper]}</style>
      <article
        className={`return-label flex flex-col justify-between gap-3 bg-white text-stone-900 ring-1 ring-stone-300 print:ring-0 ${
          small ? "aspect-[3/2] w-full max-w-[36rem] p-5 print:p-[0.25in]" : "w-full max-w-[48rem] p-8 print:p-0"
        }`}
        data-testid="return-label"
      >
        <div className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-stone-900 pb-2 text-sm font-bold uppercase">
          <span>{label.prepaidReference ? "Royal Mail Tracked Returns" : "Return to Needledrop"}</span>
          <span className="font-mono">Order {label.orderNumber}</span>
        </div>
        <div>
          <p className="text-xs font-semibold text-stone-600 uppercase">Return number</p>
          <p className={`font-mono font-black tracking-wider ${small ? "text-4xl" : "text-6xl"}`}>{label.returnNumber}</p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
          <div>
            <p className="text-xs font-semibold text-stone-600 uppercase">Deliver to</p>
            <address className={`not-italic ${small ? "text-lg" : "text-2xl"} leading-snug`}>
              {label.shopAddress.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div className="text-sm">
            <p className="text-xs font-semibold text-stone-600 uppercase">Postage</p>
            {label.prepaidReference ? (
              <p>
                Prepaid by Needledrop. Reference <span className="font-mono font-bold">{label.prepaidReference}</span>: take the
                parcel to any Post Office.
              </p>
            ) : (
              <p>Please pay the postage: any Royal Mail or courier service will do; a tracked one is safest.</p>
            )}
          </div>
        </div>
        {!small && (
          <div className="border-t border-stone-300 pt-3 text-sm">
            <p className="text-xs font-semibold text-stone-600 uppercase">In this parcel</p>
            <ul className="mt-1">
              {label.lines.map((l, i) => (
                <li key={i}>
                  {l.quantity} × {l.artist} – {l.title}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-stone-700">
              Cut out the label and tape it to the parcel, or write the return number on it clearly.
            </p>
          </div>
        )}
      </article>
    </>
  );
}
