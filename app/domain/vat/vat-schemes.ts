/**
 * The two ways the shop's goods are taxed on sale. "standard": the price includes 20% VAT (VAT Act 1994 s. 2), as
 * every new record. "margin": a second-hand copy bought without VAT (from the public, or a dealer under the margin
 * scheme) is sold under HMRC's margin scheme for second-hand goods, with VAT on the profit only (VAT Notice 718,
 * The VAT Margin Schemes; the Value Added Tax (Special Provisions) Order 1995, art. 12). Browser-safe.
 */
export const VAT_SCHEMES = ["standard", "margin"] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

export const VAT_SCHEME_NAMES: Readonly<Record<VatScheme, string>> = {
  standard: "Standard VAT (bought with a VAT invoice)",
  margin: "Margin scheme (bought from the public or without VAT)",
};
