/** Message templates: plain text plus simple HTML. Anything from a user is escaped in the HTML. */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${body}
<p style="color:#666;font-size:12px;margin-top:32px">Needledrop, independent vinyl records for UK collectors.</p>
</body></html>`;
}

export function passwordResetMail({
  username,
  link,
  expiresInMinutes,
}: {
  username: string;
  link: string;
  expiresInMinutes: number;
}): MailContent {
  const subject = "Reset your Needledrop password";
  const text = [
    `Hello ${username},`,
    "",
    "Someone (hopefully you) asked to reset the password of your Needledrop account.",
    `Open this link within ${expiresInMinutes} minutes to choose a new password. It works once:`,
    "",
    link,
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    "",
    "Needledrop",
  ].join("\n");
  const html = layout(
    subject,
    `<p>Hello ${escapeHtml(username)},</p>
<p>Someone (hopefully you) asked to reset the password of your Needledrop account.
Open this link within ${expiresInMinutes} minutes to choose a new password. It works once:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p style="word-break:break-all;color:#444">${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
  );
  return { subject, text, html };
}
