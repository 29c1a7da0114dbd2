import { formatDateGB } from "../../app/domain/shared/dates";
import { formatPence } from "../../app/domain/shared/money";
import { TOKEN_SLOT } from "./links";
import { escapeHtml, layout, type MailContent } from "./templates";

/**
 * The mails that carry a voucher's code. The code is written as TOKEN_SLOT: the outbox keeps the placeholder and
 * the code is made as the mail is sent (server/services/voucher-mail.ts), so no code rests in the database.
 */
const codeBlock = (amountPence: number, expiresOn: string) => ({
  text: [`Code: ${TOKEN_SLOT}`, `Value: ${formatPence(amountPence)}`, `Spend by: ${formatDateGB(expiresOn)}`],
  html: `<p style="font-size:22px;letter-spacing:2px;font-family:monospace;border:2px dashed #1a1a1a;padding:12px;text-align:center">${TOKEN_SLOT}</p>
<p>Value: <strong>${formatPence(amountPence)}</strong><br>Spend by: <strong>${formatDateGB(expiresOn)}</strong></p>`,
});

const howToSpend = (shopLink: string, balanceLink: string) => ({
  text: [
    "Type the code in the code box at checkout: it pays up to its balance, and a card pays the rest.",
    `Shop: ${shopLink}`,
    `Check the balance: ${balanceLink}`,
  ],
  html: `<p>Type the code in the code box at checkout: it pays up to its balance, and a card pays the rest.</p>
<p><a href="${escapeHtml(shopLink)}">Go to the shop</a> · <a href="${escapeHtml(balanceLink)}">Check the balance</a></p>`,
});

/** A gift voucher, mailed to the person it was bought for on the day the buyer chose. */
export function giftVoucherMail(input: {
  recipientName: string;
  amountPence: number;
  expiresOn: string;
  message: string | null;
  shopLink: string;
  balanceLink: string;
}): MailContent {
  const subject = `A Needledrop gift voucher for ${formatPence(input.amountPence)}`;
  const code = codeBlock(input.amountPence, input.expiresOn);
  const spend = howToSpend(input.shopLink, input.balanceLink);
  const text = [
    `Hello ${input.recipientName},`,
    "",
    `Someone has sent you a Needledrop gift voucher for ${formatPence(input.amountPence)}.`,
    ...(input.message ? ["", "Their message:", input.message] : []),
    "",
    ...code.text,
    "",
    ...spend.text,
    "",
    "Keep this mail safe: the code is like cash, and we cannot show it again.",
    "",
    "Needledrop",
  ].join("\n");
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(input.recipientName)},</p>
<p>Someone has sent you a Needledrop gift voucher for <strong>${formatPence(input.amountPence)}</strong>.</p>
${input.message ? `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;white-space:pre-line">${escapeHtml(input.message)}</blockquote>` : ""}
${code.html}
${spend.html}
<p>Keep this mail safe: the code is like cash, and we cannot show it again.</p>`,
  );
  return { subject, text, html };
}

/** Store credit: the shop's money the customer may spend, from a return or as goodwill. */
export function storeCreditMail(input: {
  amountPence: number;
  expiresOn: string;
  /** Why it was given, in the shop's words ("for return RT-…", "as an apology for the late parcel"). */
  why: string;
  shopLink: string;
  balanceLink: string;
}): MailContent {
  const subject = `Your Needledrop store credit: ${formatPence(input.amountPence)}`;
  const code = codeBlock(input.amountPence, input.expiresOn);
  const spend = howToSpend(input.shopLink, input.balanceLink);
  const text = [
    "Hello,",
    "",
    `We have given you ${formatPence(input.amountPence)} of store credit ${input.why}.`,
    "",
    ...code.text,
    "",
    ...spend.text,
    "",
    "Keep this mail safe: the code is like cash. Signed in, you can also see your credit on your profile.",
    "",
    "Needledrop",
  ].join("\n");
  const html = layout(
    subject,
    `<p>Hello,</p>
<p>We have given you <strong>${formatPence(input.amountPence)}</strong> of store credit ${escapeHtml(input.why)}.</p>
${code.html}
${spend.html}
<p>Keep this mail safe: the code is like cash. Signed in, you can also see your credit on your profile.</p>`,
  );
  return { subject, text, html };
}
