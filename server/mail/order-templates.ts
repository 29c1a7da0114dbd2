import {
  arrivalText,
  deliveryLine,
  shippingLabel,
  vatLinePlain,
  vatLineText,
} from "../../app/domain/checkout/destination-labels";
import { formatPence } from "../../app/domain/shared/money";
import type { OrderView } from "../../app/domain/orders/order-view";
import { escapeHtml, type MailContent } from "./templates";
import { hasMarginLines, MARGIN_LINE_MARK, MARGIN_SCHEME_NOTE, MARGIN_SCHEME_WORDS } from "../../app/domain/vat/invoice-vat";

/** The order confirmation sent when an order is paid for. */
export function orderConfirmationMail(order: OrderView, ordersLink: string | null): MailContent {
  const subject = `Your Needledrop order ${order.orderNumber} is confirmed`;
  // A margin-scheme copy shows no VAT; the VAT total is the standard-rated part and the scheme's words are said.
  const margin = hasMarginLines(order.lines);
  const mark = (l: OrderView["lines"][number]) => (l.vatScheme === "margin" ? ` (${MARGIN_LINE_MARK.toLowerCase()})` : "");
  const lineText = order.lines.map(
    (l) =>
      `  ${l.quantity} × ${l.artist} – ${l.title}${l.isPreOrder ? " (pre-order)" : ""}${mark(l)}: ${formatPence(l.lineTotalPence)}`,
  );
  const t = order.totals;
  const vatWords = margin ? "includes VAT on new records and shipping of" : "includes VAT of";
  // The VAT as the checkout showed it: included in a UK total, added under IOSS, none on an export.
  const vat = vatLineText(t, margin);
  const totals = [
    `Items: ${formatPence(t.itemsPence)}`,
    `${shippingLabel(order.deliveryService)}: ${formatPence(t.shippingPence)}`,
    ...(t.discountPence > 0 ? [`Discount: -${formatPence(t.discountPence)}`] : []),
    ...(vat.kind === "added" ? [vatLinePlain(vat)] : []),
    vat.kind === "included"
      ? `Total paid: ${formatPence(t.totalPence)} (${vatWords} ${formatPence(t.vatPence)})`
      : `Total paid: ${formatPence(t.totalPence)}`,
    ...(vat.kind === "none" ? [vat.label] : []),
    // How it was paid, when gift vouchers paid part or all of it.
    ...(t.voucherPence > 0
      ? [`Paid by gift voucher: -${formatPence(t.voucherPence)}`, `Paid by card: ${formatPence(t.amountDuePence)}`]
      : []),
  ];
  const address = [
    order.shipping.name,
    order.shipping.addressLine1,
    order.shipping.addressLine2,
    order.shipping.city,
    order.shipping.postalCode,
    order.shipping.country,
  ].filter(Boolean) as string[];
  const delivery = `${deliveryLine(order.deliveryService, order.shipping.countryCode)} ${arrivalText(order.delivery, order.deliveryService, order.shipping.countryCode)}`;
  const text = [
    `Thank you for your order, ${order.shipping.name}!`,
    "",
    `Order number: ${order.orderNumber}`,
    "",
    ...lineText,
    "",
    ...totals,
    ...(margin ? ["", `${MARGIN_SCHEME_WORDS}. ${MARGIN_SCHEME_NOTE}`] : []),
    "",
    "Delivering to:",
    ...address.map((a) => `  ${a}`),
    "",
    delivery,
    ...(ordersLink ? ["", `Your orders: ${ordersLink}`] : []),
    "",
    "Needledrop",
  ].join("\n");
  const rows = order.lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px 4px 0">${l.quantity} ×</td><td style="padding:4px 8px">${escapeHtml(l.artist)} – ${escapeHtml(l.title)}${l.isPreOrder ? " <em>(pre-order)</em>" : ""}${escapeHtml(mark(l))}</td><td style="padding:4px 0;text-align:right">${formatPence(l.lineTotalPence)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>Thank you for your order, ${escapeHtml(order.shipping.name)}!</p>
<p>Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>
<table style="border-collapse:collapse;width:100%">${rows}</table>
<p>${totals.map(escapeHtml).join("<br>")}</p>
${margin ? `<p style="font-size:13px"><strong>${escapeHtml(MARGIN_SCHEME_WORDS)}.</strong> ${escapeHtml(MARGIN_SCHEME_NOTE)}</p>` : ""}
<p>Delivering to:<br>${address.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(delivery)}</p>
${ordersLink ? `<p><a href="${escapeHtml(ordersLink)}">See your orders</a></p>` : ""}
<p style="color:#666;font-size:12px;margin-top:32px">Needledrop, independent vinyl records for UK collectors.</p>
</body></html>`;
  return { subject, text, html };
}
