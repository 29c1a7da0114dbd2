import { formatDateGB } from "../../app/domain/shared/dates";
import { formatPence } from "../../app/domain/shared/money";
import { escapeHtml, layout, type MailContent } from "./templates";

/**
 * The buyer's receipt for a gift voucher: what was bought, for whom and when it goes. It never carries an e-mailed
 * voucher's code (that goes to the recipient alone); a code's last four characters, once one exists, tell vouchers
 * apart. No VAT line: a multi-purpose voucher's sale carries none (app/domain/vouchers/voucher-purchase.ts).
 */
export function voucherReceiptMail(input: {
  orderNumber: string;
  amountPence: number;
  delivery: "email" | "print";
  recipientName: string | null;
  recipientEmail: string | null;
  sendOn: string | null;
  today: string;
  expiresOn: string;
  codeLast4: string | null;
  /** The printable voucher's page (it opens in the browser that bought it). */
  voucherLink: string;
  balanceLink: string;
}): MailContent {
  const subject = `Your Needledrop gift voucher receipt ${input.orderNumber}`;
  const amount = formatPence(input.amountPence);
  const how =
    input.delivery === "email"
      ? input.sendOn && input.sendOn > input.today
        ? `We will e-mail it to ${input.recipientName ?? ""} <${input.recipientEmail}> on ${formatDateGB(input.sendOn)}.`
        : `We have e-mailed it to ${input.recipientName ?? ""} <${input.recipientEmail}> today.`
      : "It is yours to print: its code is shown once, on the voucher's page in the browser you bought it with.";
  const lines = [
    "Thank you for buying a Needledrop gift voucher.",
    "",
    `Receipt: ${input.orderNumber}`,
    `Gift voucher: ${amount}`,
    "Delivery: none",
    `Total paid: ${amount}`,
    `Valid until: ${formatDateGB(input.expiresOn)}`,
    ...(input.codeLast4 ? [`Code ending: ${input.codeLast4}`] : []),
    "",
    how,
    ...(input.delivery === "print" ? [`Your voucher: ${input.voucherLink}`] : []),
    `Check a voucher's balance: ${input.balanceLink}`,
    "",
    "Needledrop",
  ];
  const html = layout(
    subject,
    `<p>Thank you for buying a Needledrop gift voucher.</p>
<table style="border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0">Receipt</td><td><strong>${escapeHtml(input.orderNumber)}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">Gift voucher</td><td>${amount}</td></tr>
<tr><td style="padding:2px 12px 2px 0">Delivery</td><td>none</td></tr>
<tr><td style="padding:2px 12px 2px 0">Total paid</td><td><strong>${amount}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">Valid until</td><td>${formatDateGB(input.expiresOn)}</td></tr>
${input.codeLast4 ? `<tr><td style="padding:2px 12px 2px 0">Code ending</td><td>${escapeHtml(input.codeLast4)}</td></tr>` : ""}
</table>
<p>${escapeHtml(how)}</p>
${input.delivery === "print" ? `<p><a href="${escapeHtml(input.voucherLink)}">Your voucher</a></p>` : ""}
<p><a href="${escapeHtml(input.balanceLink)}">Check a voucher's balance</a></p>`,
  );
  return { subject, text: lines.join("\n"), html };
}
