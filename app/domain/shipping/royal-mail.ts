/**
 * The Royal Mail services the shop posts records with, and what the shop pays for a small parcel (one to
 * three LPs, up to 2 kg) on its business account. The prices live here only; change them when the contract does.
 * The two international services share their keys with the shopper's choices (international/delivery-services.ts),
 * so a parcel abroad is packed by the service its order chose; their cost is the Europe price for up to 750 g.
 */
export const ROYAL_MAIL_SERVICES = [
  { key: "second_class", name: "2nd Class", costPence: 349, tracked: false },
  { key: "first_class", name: "1st Class", costPence: 419, tracked: false },
  { key: "tracked_48", name: "Tracked 48", costPence: 389, tracked: true },
  { key: "tracked_24", name: "Tracked 24", costPence: 479, tracked: true },
  { key: "special_delivery_1pm", name: "Special Delivery Guaranteed by 1pm", costPence: 935, tracked: true },
  { key: "intl_standard", name: "International Standard", costPence: 895, tracked: false },
  { key: "intl_tracked", name: "International Tracked & Signed", costPence: 1195, tracked: true },
] as const;

export type RoyalMailServiceKey = (typeof ROYAL_MAIL_SERVICES)[number]["key"];

/** The service chosen when nothing else is: Tracked 48, the shop's everyday service for records. */
export const DEFAULT_ROYAL_MAIL_SERVICE: RoyalMailServiceKey = "tracked_48";

export function royalMailService(key: string) {
  return ROYAL_MAIL_SERVICES.find((s) => s.key === key);
}

/** What an order is packed with unless the packer says otherwise: the service the shopper chose and paid for. */
export function packingServiceFor(deliveryService: string | null | undefined): RoyalMailServiceKey {
  return (deliveryService ? royalMailService(deliveryService)?.key : undefined) ?? DEFAULT_ROYAL_MAIL_SERVICE;
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/**
 * A Royal Mail tracking number in the UPU S10 form Royal Mail prints on its labels: two letters, eight digits,
 * a check digit and "GB", e.g. "AB123456785GB". Spaces and lower case are forgiven; a wrong check digit is not
 * (it catches a mistyped digit before the customer is sent a link that finds nothing).
 */
export function normaliseTrackingNumber(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

export function isRoyalMailTrackingNumber(input: string): boolean {
  const m = /^([A-Z]{2})(\d{8})(\d)GB$/.exec(normaliseTrackingNumber(input));
  if (!m) return false;
  const sum = [...m[2]!].reduce((acc, d, i) => acc + Number(d) * S10_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  const expected = check === 10 ? 0 : check === 11 ? 5 : check;
  return Number(m[3]) === expected;
}

/** Where the customer follows their parcel. */
export function trackingUrl(trackingNumber: string): string {
  return `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(normaliseTrackingNumber(trackingNumber))}`;
}

/** The shop's own address, where parcels come back to: on every address label and every return label. */
export const SHOP_RETURNS_ADDRESS = ["Needledrop Records Ltd", "Returns", "London"] as const;

/** Printed small on every label, so an undeliverable parcel comes back. */
export const RETURN_ADDRESS = `If undelivered, return to: ${SHOP_RETURNS_ADDRESS.join(", ")}`;
