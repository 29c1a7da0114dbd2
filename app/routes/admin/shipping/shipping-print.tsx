import { data, Link } from "react-router";
import { formatDateGB, todayInLondon } from "~/domain/shared/dates";
import { RETURN_ADDRESS, ROYAL_MAIL_SERVICES } from "~/domain/shipping/royal-mail";
import { printSchema } from "~/domain/shipping/shipping-schemas";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { PrintButton } from "~/components/print-button";
import { UsedCopyLine } from "~/components/admin/used-copy-line";
import { MarginSchemeNote } from "~/components/checkout/margin-scheme-note";
import { CustomsDeclarationPanel } from "~/components/admin/customs-declaration-panel";
import { hasMarginLines, MARGIN_LINE_MARK } from "~/domain/vat/invoice-vat";
import type { Parcel } from "../../../../server/services/admin-shipping";
import type { Route } from "./+types/shipping-print";

export const handle = staffHandle("orders.dispatch");

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d?.kind === "labels" ? "Address labels" : "Packing slips", description: "Print for the packing bench." }),
  { name: "robots", content: "noindex" },
];

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const parsed = printSchema.safeParse({ kind: url.searchParams.get("kind"), orders: url.searchParams.getAll("selected") });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Nothing to print", { status: 400 });
  return { kind: parsed.data.kind, parcels: context.services.adminShipping.parcels(parsed.data.orders) };
}

// Paper sizes: A4 for slips, a 6 × 4 inch thermal label per parcel. Each document is its own sheet.
const PAPER = "@media print { html, body { background: white !important; } }";
const PAGE_CSS = {
  slips:
    PAPER +
    "@page { size: A4; margin: 14mm; } @media print { .sheet { break-after: page; } .sheet:last-child { break-after: auto; } }",
  labels:
    PAPER +
    "@page { size: 6in 4in; margin: 0; } @media print { .sheet { width: 6in; height: 4in; break-after: page; box-shadow: none !important; } .sheet:last-child { break-after: auto; } }",
} as const;

const serviceName = (key: string | null) => ROYAL_MAIL_SERVICES.find((s) => s.key === key)?.name ?? "Royal Mail";

function AddressLines({ p }: { p: Parcel }) {
  return (
    <>
      <span className="block">{p.name}</span>
      <span className="block">{p.addressLine1}</span>
      {p.addressLine2 && <span className="block">{p.addressLine2}</span>}
      <span className="block">{p.city}</span>
      <span className="block font-semibold">{p.postalCode}</span>
      {p.countryCode !== "GB" && <span className="block font-semibold uppercase">{p.country}</span>}
    </>
  );
}

const SLIP_SHEET =
  "sheet mb-6 rounded-xl bg-white p-8 text-stone-900 shadow-sm ring-1 ring-stone-200 print:mb-0 print:rounded-none print:p-0 print:shadow-none print:ring-0";

/** A parcel's slip, and for a parcel leaving the UK VAT area its declaration: a CN22 on the slip, a CN23 on a page of its own. */
function SlipWithCustoms({ p }: { p: Parcel }) {
  const d = p.declaration;
  return (
    <>
      <Slip p={p} />
      {d?.form === "CN23" && (
        <article className={SLIP_SHEET}>
          <p className="mb-3 text-sm">
            Customs declaration for <span className="font-mono">{p.orderNumber}</span>: sign it and put it in the pouch on the
            parcel, with two copies.
          </p>
          <CustomsDeclarationPanel d={d} />
        </article>
      )}
    </>
  );
}

function Slip({ p }: { p: Parcel }) {
  return (
    <article className="sheet mb-6 rounded-xl bg-white p-8 text-stone-900 shadow-sm ring-1 ring-stone-200 print:mb-0 print:rounded-none print:p-0 print:shadow-none print:ring-0">
      <header className="flex items-start justify-between gap-4 border-b border-stone-300 pb-4">
        <div>
          <p className="font-display text-2xl font-bold">Needledrop</p>
          <p className="text-sm text-stone-600">Independent vinyl, packed with care</p>
        </div>
        <div className="text-right text-sm">
          <p className="text-lg font-bold">Packing slip</p>
          <p className="font-mono">{p.orderNumber}</p>
          {p.paidAt && <p>Ordered {formatDateGB(todayInLondon(new Date(p.paidAt)))}</p>}
          {p.kind === "club" && <p className="font-semibold">Record club parcel</p>}
        </div>
      </header>
      <div className="mt-4 grid grid-cols-2 gap-6 text-sm">
        <div>
          <p className="text-xs font-semibold text-stone-600 uppercase">Deliver to</p>
          <address className="mt-1 not-italic">
            <AddressLines p={p} />
          </address>
        </div>
        <div>
          <p className="text-xs font-semibold text-stone-600 uppercase">Service</p>
          <p className="mt-1">{serviceName(p.shippingService ?? p.deliveryService)}</p>
        </div>
      </div>
      <table className="mt-6 w-full text-left text-sm">
        <thead className="border-b border-stone-300 text-xs text-stone-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-2">
              Qty
            </th>
            <th scope="col" className="py-2 pr-2">
              Record
            </th>
            <th scope="col" className="py-2">
              Packed ✓
            </th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((l, i) => (
            <tr key={i} className="border-b border-stone-200">
              <td className="py-2 pr-2 align-top tabular-nums">{l.quantity}</td>
              <td className="py-2 pr-2">
                <span className="font-semibold">{l.title}</span> — {l.artist}
                <UsedCopyLine copy={l.copy} />
                {l.vatScheme === "margin" && <span className="block text-xs text-stone-600">{MARGIN_LINE_MARK}</span>}
              </td>
              <td className="py-2 align-top">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasMarginLines(p.lines) && <MarginSchemeNote className="mt-4" />}
      {p.declaration?.form === "CN22" && (
        <div className="mt-6 break-inside-avoid">
          <CustomsDeclarationPanel d={p.declaration} />
        </div>
      )}
      <p className="mt-8 text-sm text-stone-700">
        Thank you for buying from an independent record shop. Questions or a problem with your order? Reply to your order e-mail
        quoting {p.orderNumber}.
      </p>
    </article>
  );
}

const LABEL_SHEET =
  "sheet mb-6 flex aspect-[3/2] w-full max-w-[36rem] flex-col justify-between gap-2 overflow-hidden bg-white p-6 text-stone-900 shadow-sm ring-1 ring-stone-300 print:mb-0 print:max-w-none print:p-[0.3in] print:ring-0";

/**
 * A parcel's 6 × 4 inch label. A parcel leaving the UK VAT area carries its CN22 beside the address; a CN23 is too
 * long for that, so it prints on a second label for the pouch.
 */
function Label({ p }: { p: Parcel }) {
  const d = p.declaration;
  return (
    <>
      <article className={LABEL_SHEET}>
        <div className="flex items-start justify-between border-b-2 border-stone-900 pb-2 text-sm font-bold uppercase">
          <span>{serviceName(p.shippingService ?? p.deliveryService)}</span>
          <span className="font-mono">{p.orderNumber}</span>
        </div>
        {d?.form === "CN22" ? (
          <div className="grid min-h-0 flex-1 grid-cols-[1fr_58%] items-start gap-3">
            <address className="text-base leading-snug not-italic">
              <AddressLines p={p} />
            </address>
            <CustomsDeclarationPanel d={d} compact />
          </div>
        ) : (
          <address className="text-xl leading-snug not-italic">
            <AddressLines p={p} />
          </address>
        )}
        <p className="border-t border-stone-400 pt-1 text-[10px] text-stone-700">
          {RETURN_ADDRESS}
          {d?.form === "CN23" && " · CN23 customs declaration on the next label"}
        </p>
      </article>
      {d?.form === "CN23" && (
        <article className={LABEL_SHEET}>
          <CustomsDeclarationPanel d={d} compact />
        </article>
      )}
    </>
  );
}

export default function ShippingPrint({ loaderData }: Route.ComponentProps) {
  const { kind, parcels } = loaderData;
  return (
    <div>
      <style>{PAGE_CSS[kind]}</style>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="font-display text-3xl font-bold">{kind === "labels" ? "Address labels" : "Packing slips"}</h1>
        <span className="text-sm text-stone-600">
          {parcels.length} {parcels.length === 1 ? "order" : "orders"} · {kind === "labels" ? "6 × 4 inch labels" : "A4"}
        </span>
        <span className="flex-1" />
        <PrintButton />
        <Link to="/admin/shipping-management" className="text-sm font-semibold underline">
          Back to shipping
        </Link>
      </div>
      {parcels.length === 0 ? (
        <p className="text-stone-600">None of those orders was found.</p>
      ) : (
        parcels.map((p) =>
          kind === "labels" ? <Label key={p.orderNumber} p={p} /> : <SlipWithCustoms key={p.orderNumber} p={p} />,
        )
      )}
    </div>
  );
}
