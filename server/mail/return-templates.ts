import { RETURN_REASON_LABELS, type ReturnReason } from "../../app/domain/returns/return-reasons";
import { reasonRules } from "../../app/domain/returns/return-policy-words";
import { escapeHtml, type MailContent } from "./templates";

/** Sent once when a shopper asks to return records: the return number, what is coming back, and what happens next. */
export function returnRequestedMail(input: {
  returnNumber: string;
  orderNumber: string;
  name: string;
  reason: ReturnReason;
  lines: { quantity: number; artist: string; title: string }[];
  returnLink: string;
}): MailContent {
  const subject = `We have your return request ${input.returnNumber}`;
  const lines = input.lines.map((l) => `  ${l.quantity} × ${l.artist} – ${l.title}`);
  const rules = reasonRules(input.reason);
  const next =
    "We look at your request within two working days and e-mail you: if we approve it, with how to send the records back.";
  const text = [
    `Hello ${input.name},`,
    "",
    `We have your request to return records from order ${input.orderNumber}.`,
    `Return number: ${input.returnNumber}`,
    `Reason: ${RETURN_REASON_LABELS[input.reason]}`,
    ...lines,
    "",
    next,
    ...rules.map((r) => `- ${r}`),
    "",
    `Your return: ${input.returnLink}`,
    "",
    "Needledrop",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>Hello ${escapeHtml(input.name)},</p>
<p>We have your request to return records from order ${escapeHtml(input.orderNumber)}.</p>
<p>Return number: <strong>${escapeHtml(input.returnNumber)}</strong><br>Reason: ${escapeHtml(RETURN_REASON_LABELS[input.reason])}</p>
<p>${lines.map((l) => escapeHtml(l.trim())).join("<br>")}</p>
<p>${escapeHtml(next)}</p>
<ul>${rules.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(input.returnLink)}">See your return</a></p>
<p style="color:#666;font-size:12px;margin-top:32px">Needledrop, independent vinyl records for UK collectors.</p>
</body></html>`;
  return { subject, text, html };
}
