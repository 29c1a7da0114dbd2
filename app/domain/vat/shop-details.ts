/**
 * The shop as its own purchase records name it (HMRC asks a purchase record the shop makes out itself to give the
 * shop's name and address beside the seller's: VAT Notice 718, record keeping). One place, so every printed document
 * says the same.
 */
export const SHOP_NAME = "Needledrop Records Ltd";
export const SHOP_ADDRESS = ["Needledrop Records Ltd", "London"] as const;
