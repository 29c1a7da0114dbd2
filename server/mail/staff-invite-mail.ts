import { escapeHtml, layout } from "./templates";
import type { MailContent } from "./templates";

/** The invitation to join the shop's back office; `link` holds the token's placeholder, filled when it is sent. */
export function staffInviteMail({
  roleName,
  invitedBy,
  link,
  validHours,
}: {
  roleName: string;
  invitedBy: string;
  link: string;
  validHours: number;
}): MailContent {
  const subject = "You are invited to Needledrop's back office";
  const text = [
    "Hello,",
    "",
    `${invitedBy} has invited you to help run the Needledrop shop as ${roleName.toLowerCase()}.`,
    `Open this link within ${validHours} hours to accept. It works once, and only for this e-mail address:`,
    "",
    link,
    "",
    "If you were not expecting this, ignore this e-mail: nothing happens until the link is opened.",
    "",
    "Needledrop",
  ].join("\n");
  const html = layout(
    subject,
    `<p>Hello,</p>
<p>${escapeHtml(invitedBy)} has invited you to help run the Needledrop shop as ${escapeHtml(roleName.toLowerCase())}.</p>
<p>Open this link within ${validHours} hours to accept. It works once, and only for this e-mail address:</p>
<p><a href="${link}">${escapeHtml(link)}</a></p>
<p>If you were not expecting this, ignore this e-mail: nothing happens until the link is opened.</p>
<p>Needledrop</p>`,
  );
  return { subject, text, html };
}
