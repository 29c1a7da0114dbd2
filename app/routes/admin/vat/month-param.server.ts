import { data } from "react-router";
import { monthOf, parseVatMonth, type VatMonth } from "~/domain/international/vat-report";

/** The month a VAT report address asks for (`?month=2026-11`), the current one by default; 400 for nonsense. */
export function monthParam(url: URL, today: string): VatMonth {
  const asked = url.searchParams.get("month");
  if (asked === null || asked === "") return monthOf(today);
  const month = parseVatMonth(asked);
  if (!month) throw data("A month is written like 2026-11.", { status: 400 });
  return month;
}
