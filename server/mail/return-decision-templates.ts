/**
 * The mails of the back office's steps of a return: approved (with what to do next), refused (with why) and
 * refunded (how much, and how). Each names the return number. Plain text plus simple HTML; anything typed is escaped.
 */
import { formatDateGB } from "../../app/domain/shared/dates";
import { formatPence } from "../../app/domain/shared/money";
import { escapeHtml, layout, type MailContent } from "./templates";

interface MailReturn {
  returnNumber: string;
  orderNumber: string;
  name: string;
  lines: { quantity: number; artist: string; title: string }[];
}

const lineText = (r: MailReturn) => r.lines.map((l) => `  ${l.quantity} × ${l.artist} – ${l.title}`);
const html = (subject: string, paragraphs: string[]) => layout(subject, paragraphs.join("\n"));
const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** Approved: the return number on the parcel, where it goes, and who pays the postage. */
export function returnApprovedMail(
  r: MailReturn & {
    shopAddress: readonly string[];
    labelLink: string;
    /** The Royal Mail Tracked Returns reference of a prepaid label; null when the shopper pays the postage. */
    prepaidReference: string | null;
    /** The fault is the shop's: without a prepaid label it still repays the postage. */
    shopPaysPostage: boolean;
  },
): MailContent {
  const subject = `Your Needledrop return ${r.returnNumber} is approved`;
  const postage = r.prepaidReference
    ? `The postage is on us: print the label (link below), stick it on the parcel and take it to any Post Office. Royal Mail Tracked Returns reference: ${r.prepaidReference}.`
    : r.shopPaysPostage
      ? "Please send the parcel by a tracked service and keep the proof of postage: reply to this e-mail with it and we will repay the postage."
      : "Please send the parcel at your own cost, by a tracked service if you can, and keep the proof of postage.";
  const steps = [
    `1. Pack the records well, and write the return number ${r.returnNumber} clearly on the parcel (or print the label).`,
    `2. Send it to: ${r.shopAddress.join(", ")}.`,
    `3. ${postage}`,
    "We will tell you when it arrives, and the money comes back within 14 days of that.",
  ];
  const text = [
    `Hello ${r.name},`,
    "",
    `We have approved your return ${r.returnNumber} (order ${r.orderNumber}):`,
    ...lineText(r),
    "",
    ...steps,
    "",
    `Your return label: ${r.labelLink}`,
    "",
    "Needledrop",
  ].join("\n");
  return {
    subject,
    text,
    html: html(subject, [
      para(`Hello ${r.name},`),
      `<p>We have approved your return <strong>${escapeHtml(r.returnNumber)}</strong> (order ${escapeHtml(r.orderNumber)}).</p>`,
      `<p>${lineText(r).map(escapeHtml).join("<br>")}</p>`,
      ...steps.map(para),
      `<p><a href="${escapeHtml(r.labelLink)}">Print your return label</a></p>`,
    ]),
  };
}

/** Refused, with the shop's reason. */
export function returnRefusedMail(r: MailReturn & { reason: string }): MailContent {
  const subject = `Your Needledrop return ${r.returnNumber}`;
  const body = [
    `We are sorry: we cannot accept your return ${r.returnNumber} (order ${r.orderNumber}).`,
    `Reason: ${r.reason}`,
    "Please do not send the records back. If you think we have got this wrong, reply to this e-mail quoting the return number.",
  ];
  return {
    subject,
    text: [`Hello ${r.name},`, "", ...body, "", "Needledrop"].join("\n"),
    html: html(subject, [para(`Hello ${r.name},`), ...body.map(para)]),
  };
}

/** Refunded: the amount and where it went (the card, or store credit whose code comes in its own mail). */
export function returnRefundedMail(
  r: MailReturn & {
    amountPence: number;
    vatPence: number;
    method: "original_payment" | "store_credit";
    receivedOn: string | null;
  },
): MailContent {
  const subject = `Refund of ${formatPence(r.amountPence)} for your Needledrop return ${r.returnNumber}`;
  const how =
    r.method === "store_credit"
      ? "It is store credit: its code comes in a separate e-mail, and you can spend it on anything in the shop."
      : "It goes back to the card you paid with and usually shows within 5–10 working days.";
  const body = [
    `${r.receivedOn ? `Your parcel arrived on ${formatDateGB(r.receivedOn)}. ` : ""}We have refunded ${formatPence(r.amountPence)} (including VAT of ${formatPence(r.vatPence)}) for return ${r.returnNumber} (order ${r.orderNumber}).`,
    how,
  ];
  return {
    subject,
    text: [`Hello ${r.name},`, "", ...body, "", ...lineText(r), "", "Needledrop"].join("\n"),
    html: html(subject, [para(`Hello ${r.name},`), ...body.map(para), `<p>${lineText(r).map(escapeHtml).join("<br>")}</p>`]),
  };
}
