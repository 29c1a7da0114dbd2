import { formatPence } from "../../app/domain/shared/money";
import { escapeHtml, type MailContent } from "./templates";

export interface ReminderLine {
  title: string;
  artist: string;
  quantity: number;
  /** The price now, in pence. */
  pricePence: number;
  /** The price when the cart was last changed, when it differs from now (a lower or higher price). */
  wasPence: number | null;
  /** Why it cannot be bought as it stands, in words ("Sold out", "Only 2 left"); null when it can. */
  note: string | null;
}

/**
 * The cart reminder: the records as the shop would sell them at sending (a record that sold out says so, a
 * changed price shows the new one), a link that brings the cart back on any device, and a one-click way to
 * stop these mails. Both links carry the message's token (TOKEN_SLOT, filled in at delivery).
 */
export function cartReminderMail(input: {
  lines: ReminderLine[];
  /** What the buyable lines cost now, before delivery. */
  itemsPence: number;
  restoreLink: string;
  stopLink: string;
}): MailContent {
  const subject = "Your records are still in your cart";
  const lineText = (l: ReminderLine) => {
    const price = `${l.quantity} × ${formatPence(l.pricePence)}`;
    const was = l.wasPence !== null ? ` (was ${formatPence(l.wasPence)})` : "";
    const note = l.note ? ` – ${l.note}` : "";
    return `- ${l.artist} – ${l.title}: ${price}${was}${note}`;
  };
  const text = [
    "Hello,",
    "",
    "You left these records in your Needledrop cart. Prices and stock are as they are now:",
    "",
    ...input.lines.map(lineText),
    "",
    `Items you can buy now: ${formatPence(input.itemsPence)} (delivery is worked out at checkout)`,
    "",
    `Back to your cart: ${input.restoreLink}`,
    "",
    "We send one reminder per cart at most. To get no more cart reminders at this address:",
    input.stopLink,
    "",
    "Needledrop",
  ].join("\n");
  const row = (l: ReminderLine) => `<tr>
<td style="padding:8px 0;border-bottom:1px solid #e7e5e4"><strong>${escapeHtml(l.title)}</strong><br><span style="color:#57534e">${escapeHtml(l.artist)}</span>${
    l.note ? `<br><span style="color:#b91c1c;font-weight:600">${escapeHtml(l.note)}</span>` : ""
  }</td>
<td style="padding:8px 0 8px 12px;border-bottom:1px solid #e7e5e4;text-align:right;white-space:nowrap">${l.quantity} × ${escapeHtml(
    formatPence(l.pricePence),
  )}${l.wasPence !== null ? `<br><s style="color:#78716c">${escapeHtml(formatPence(l.wasPence))}</s>` : ""}</td>
</tr>`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:0 auto;color:#1c1917">
<p>Hello,</p>
<p>You left these records in your Needledrop cart. Prices and stock are as they are now:</p>
<table role="presentation" style="width:100%;border-collapse:collapse">
${input.lines.map(row).join("\n")}
</table>
<p style="text-align:right"><strong>Items you can buy now: ${escapeHtml(formatPence(input.itemsPence))}</strong><br><span style="color:#57534e;font-size:14px">Delivery is worked out at checkout.</span></p>
<p><a href="${escapeHtml(input.restoreLink)}" style="display:inline-block;background:#1c1917;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">Back to your cart</a></p>
<p style="color:#57534e;font-size:13px">We send one reminder per cart at most. <a href="${escapeHtml(input.stopLink)}" style="color:#57534e">Stop cart reminders</a> for this address.</p>
<p>Needledrop</p>
</div>`;
  return { subject, text, html };
}
