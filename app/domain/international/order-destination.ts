/** How the back office words an order's destination VAT (the order detail page). Browser-safe. */
import { formatDateGB } from "~/domain/shared/dates";
import { countryName } from "./countries";
import { ratePercentLabel, type ExportReason } from "./destination-vat";
import type { VatLine } from "./destination-totals";

const EXPORT_WORDS: Record<ExportReason, string> = {
  outside_eu: "outside the EU",
  over_ioss_limit: "EU, goods over €150",
  no_ioss: "EU, no IOSS number",
};

/** "UK VAT included (20%)", "IOSS: Ireland VAT at 23% added", "Zero-rated export: EU, goods over €150". */
export function vatLineWords(vat: VatLine): string {
  switch (vat.treatment) {
    case "uk":
      return `UK VAT included (${ratePercentLabel(vat.rateBasisPoints)})`;
    case "ioss":
      return `IOSS: ${countryName(vat.countryCode)} VAT at ${ratePercentLabel(vat.rateBasisPoints)} added`;
    case "export":
      return `Zero-rated export: ${EXPORT_WORDS[vat.exportReason ?? "outside_eu"]}`;
  }
}

/** The goods' euro value an EU order was judged by (the €150 test), with the rate and its date; null without one. */
export function euroValueWords(
  euroCents: number | undefined | null,
  eurPerGbp: string | null,
  rateAsOf: string | null,
): string | null {
  if (euroCents === undefined || euroCents === null) return null;
  const euros = `€${(euroCents / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const rate = eurPerGbp ? ` at €${eurPerGbp} to the pound` : "";
  const day = rateAsOf ? ` (rate of ${formatDateGB(rateAsOf)})` : "";
  return `Goods ${euros}${rate}${day}`;
}
