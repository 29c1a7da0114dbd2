/** Where an order came from, as the back office's order list and page name it (null: the shop's own). */
export function orderChannelLabel(order: { channel: "shop" | "discogs"; externalReference: string | null }): string | null {
  if (order.channel === "shop") return null;
  return order.externalReference ? `Discogs order ${order.externalReference}` : "Discogs";
}
