import { data } from "react-router";
import { todayInLondon } from "~/domain/shared/dates";
import { parseQuarter, quarterOf, type VatQuarter } from "~/domain/vat/vat-quarter";

/** The VAT quarter a stock book address asks for (`?quarter=2026-Q4`), the current one by default; 400 for nonsense. */
export function quarterParam(url: URL): VatQuarter {
  const asked = url.searchParams.get("quarter");
  if (asked === null || asked === "") return quarterOf(todayInLondon());
  const quarter = parseQuarter(asked);
  if (!quarter) throw data("A VAT quarter is written like 2026-Q4.", { status: 400 });
  return quarter;
}
