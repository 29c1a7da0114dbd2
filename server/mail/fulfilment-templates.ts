import { formatPence } from "../../app/domain/shared/money";
import { royalMailService, trackingUrl } from "../../app/domain/shipping/royal-mail";
import { escapeHtml, type MailContent } from "./templates";

interface MailOrder {
  orderNumber: string;
  name: string;
  lines: { quantity: number; artist: string; title: string }[];
}

function page(subject: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.join("\n")}
<p style="color:#666;font-size:12px;margin-top:32px">Needledrop, independent vinyl records for UK collectors.</p>
</body></html>`;
}

const lineText = (order: MailOrder) => order.lines.map((l) => `  ${l.quantity} × ${l.artist} – ${l.title}`);

/**
 * Sent once when the parcel leaves: the Royal Mail service, the link to follow it, and a link to start a return
 * (a single-use token filled in as the mail is sent).
 */
export function dispatchMail(
  order: MailOrder & { trackingNumber: string; service: string | null },
  ordersLink: string | null,
  /** Null for a record club parcel: the shop replaces a faulty club record itself (no return to refund). */
  returnLink: string | null,
): MailContent {
  const subject = `Your Needledrop order ${order.orderNumber} is on its way`;
  const putRight = "Something not right? Reply to this mail and we will replace a damaged, faulty or wrong record.";
  const link = trackingUrl(order.trackingNumber);
  const service = order.service ? (royalMailService(order.service)?.name ?? order.service) : "Royal Mail";
  const text = [
    `Good news, ${order.name}: your records have left the shop.`,
    "",
    `Order number: ${order.orderNumber}`,
    ...lineText(order),
    "",
    `Sent with Royal Mail ${service}. Tracking number: ${order.trackingNumber}`,
    `Track your parcel: ${link}`,
    ...(ordersLink ? ["", `Your orders: ${ordersLink}`] : []),
    "",
    returnLink
      ? `Something not right, or changed your mind? You have 30 days from delivery to send records back: ${returnLink}`
      : putRight,
    "",
    "Needledrop",
  ].join("\n");
  const html = page(subject, [
    `<p>Good news, ${escapeHtml(order.name)}: your records have left the shop.</p>`,
    `<p>Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>`,
    `<p>Sent with Royal Mail ${escapeHtml(service)}. Tracking number: <strong>${escapeHtml(order.trackingNumber)}</strong></p>`,
    `<p><a href="${escapeHtml(link)}">Track your parcel</a></p>`,
    ...(ordersLink ? [`<p><a href="${escapeHtml(ordersLink)}">See your orders</a></p>`] : []),
    returnLink
      ? `<p>Something not right, or changed your mind? You have 30 days from delivery to <a href="${escapeHtml(returnLink)}">send records back</a>.</p>`
      : `<p>${putRight}</p>`,
  ]);
  return { subject, text, html };
}

/**
 * Where money given back goes: to the card, and (for an order paid partly by gift voucher) the rest back on the
 * voucher (app/domain/orders/refund-split.ts).
 */
function moneyBack(verb: string, cardPence: number, voucherPence: number): string {
  const card = `${formatPence(cardPence)} to the card you paid with; it usually shows within 5–10 working days`;
  const voucher = `${formatPence(voucherPence)} back on the gift voucher you paid with (or on new store credit, mailed to you, if that voucher can no longer be spent)`;
  if (voucherPence <= 0) return `${verb} ${card}.`;
  if (cardPence <= 0) return `${verb} ${voucher}.`;
  return `${verb} ${card}, and ${voucher}.`;
}

/** Sent once when the shop calls an order off before dispatch, with the money it gives back. */
export function cancellationMail(
  order: MailOrder & { refundPence: number; reason: string | null; voucherPence?: number },
): MailContent {
  const subject = `Your Needledrop order ${order.orderNumber} has been cancelled`;
  const voucherPence = Math.min(order.voucherPence ?? 0, order.refundPence);
  const money =
    order.refundPence > 0
      ? moneyBack("We are refunding", order.refundPence - voucherPence, voucherPence)
      : "Nothing more will be charged.";
  const text = [
    `Hello ${order.name},`,
    "",
    `We have cancelled your order ${order.orderNumber}.${order.reason ? ` Reason: ${order.reason}` : ""}`,
    ...lineText(order),
    "",
    money,
    "",
    "Sorry for the trouble. Needledrop",
  ].join("\n");
  const html = page(subject, [
    `<p>Hello ${escapeHtml(order.name)},</p>`,
    `<p>We have cancelled your order <strong>${escapeHtml(order.orderNumber)}</strong>.${order.reason ? ` Reason: ${escapeHtml(order.reason)}` : ""}</p>`,
    `<p>${escapeHtml(money)}</p>`,
    `<p>Sorry for the trouble.</p>`,
  ]);
  return { subject, text, html };
}

/** Sent once per refund. */
export function refundMail(
  order: MailOrder & {
    amountPence: number;
    vatPence: number;
    refundedLines: { quantity: number; artist: string; title: string }[];
    /** The part that goes back on gift vouchers rather than the card. */
    voucherPence?: number;
  },
): MailContent {
  const voucherPence = Math.min(order.voucherPence ?? 0, order.amountPence);
  const where = moneyBack("It goes back:", order.amountPence - voucherPence, voucherPence);
  const subject = `Refund of ${formatPence(order.amountPence)} for your Needledrop order ${order.orderNumber}`;
  const lines = order.refundedLines.map((l) => `  ${l.quantity} × ${l.artist} – ${l.title}`);
  const text = [
    `Hello ${order.name},`,
    "",
    `We have refunded ${formatPence(order.amountPence)} (including VAT of ${formatPence(order.vatPence)}) for order ${order.orderNumber}.`,
    ...(lines.length ? ["", "For:", ...lines] : []),
    "",
    voucherPence > 0 ? where : "It goes back to the card you paid with and usually shows within 5–10 working days.",
    "",
    "Needledrop",
  ].join("\n");
  const html = page(subject, [
    `<p>Hello ${escapeHtml(order.name)},</p>`,
    `<p>We have refunded <strong>${formatPence(order.amountPence)}</strong> (including VAT of ${formatPence(order.vatPence)}) for order ${escapeHtml(order.orderNumber)}.</p>`,
    ...(lines.length ? [`<p>For:<br>${lines.map(escapeHtml).join("<br>")}</p>`] : []),
    `<p>${escapeHtml(voucherPence > 0 ? where : "It goes back to the card you paid with and usually shows within 5–10 working days.")}</p>`,
  ]);
  return { subject, text, html };
}
