import type { CustomsDeclaration } from "~/domain/international/customs-declaration";
import { formatPence } from "~/domain/shared/money";

const CERTIFY =
  "I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.";

const kg = (n: number) => `${n.toFixed(3)} kg`;

/** The declaration's numbers: EORI, IOSS (only when the order has one) and, on a CN23, the postage. */
function References({ d }: { d: CustomsDeclaration }) {
  return (
    <p>
      Sender&apos;s EORI: <span className="font-mono">{d.senderEori ?? "—"}</span>
      {d.iossNumber && (
        <>
          {" · "}IOSS: <span className="font-mono">{d.iossNumber}</span>
        </>
      )}
      {d.form === "CN23" && <> · Postage paid: {formatPence(d.postagePence)}</>}
    </p>
  );
}

function Items({ d }: { d: CustomsDeclaration }) {
  return (
    <table className="w-full border-collapse text-left">
      <thead>
        <tr className="border-b border-stone-900">
          <th scope="col" className="pr-1 font-semibold">
            Contents
          </th>
          <th scope="col" className="pr-1 text-right font-semibold">
            Qty
          </th>
          <th scope="col" className="pr-1 text-right font-semibold">
            Net weight
          </th>
          <th scope="col" className="pr-2 text-right font-semibold">
            Value (GBP)
          </th>
          <th scope="col" className="pr-1 font-semibold">
            HS code
          </th>
          <th scope="col" className="font-semibold">
            Origin
          </th>
        </tr>
      </thead>
      <tbody>
        {d.lines.map((l, i) => (
          <tr key={i} className="border-b border-stone-300 align-top">
            <td className="pr-1">{l.description}</td>
            <td className="pr-1 text-right tabular-nums">{l.quantity}</td>
            <td className="pr-1 text-right tabular-nums">{kg(l.netKg)}</td>
            <td className="pr-2 text-right tabular-nums">{formatPence(l.valuePence)}</td>
            <td className="pr-1 font-mono">{l.hsCode}</td>
            <td>{l.originCountry}</td>
          </tr>
        ))}
        <tr className="font-semibold">
          <td className="pr-1">Total (gross {kg(d.grossKg)})</td>
          <td />
          <td className="pr-1 text-right tabular-nums">{kg(d.totalNetKg)}</td>
          <td className="pr-2 text-right tabular-nums">{formatPence(d.totalValuePence)}</td>
          <td colSpan={2} />
        </tr>
      </tbody>
    </table>
  );
}

function Addresses({ d }: { d: CustomsDeclaration }) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <div>
        <p className="font-semibold uppercase">From</p>
        <p>{d.sender.join(", ")}</p>
      </div>
      <div>
        <p className="font-semibold uppercase">To</p>
        <p>{d.recipient.join(", ")}</p>
      </div>
    </div>
  );
}

/**
 * A CN22 or CN23 customs declaration as printed on a packing slip, a label or a page of its own. `compact` prints it
 * small enough to sit beside the address on a 6 × 4 inch label.
 */
export function CustomsDeclarationPanel({ d, compact = false }: { d: CustomsDeclaration; compact?: boolean }) {
  return (
    <section
      aria-label={`Customs declaration ${d.form}`}
      data-testid="customs-declaration"
      className={`grid border-2 border-stone-900 text-stone-900 ${compact ? "gap-1 p-1.5 text-[7px] leading-tight" : "gap-2 p-3 text-xs"}`}
    >
      <header className="flex items-baseline justify-between gap-2 border-b border-stone-900 pb-1">
        <span className={`font-bold ${compact ? "text-[10px]" : "text-sm"}`}>CUSTOMS DECLARATION {d.form}</span>
        <span>May be opened officially</span>
      </header>
      <p>
        <span aria-hidden="true">☒</span> {d.category}
      </p>
      <Items d={d} />
      <References d={d} />
      {!compact && <Addresses d={d} />}
      <p className="text-stone-700">{CERTIFY}</p>
      <p>Date and sender&apos;s signature: ______________________</p>
    </section>
  );
}
