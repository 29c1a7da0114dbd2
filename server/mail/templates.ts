/** Message templates: plain text plus simple HTML. Anything from a user is escaped in the HTML. */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The shared frame of every HTML mail: one narrow column, inline styles only (mail clients drop style sheets). */
export function layout(title: string, body: string): string {
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

export function newsletterWelcomeMail({
  discountCode,
  percentOff,
  favoriteGenre,
  unsubscribeLink,
  shopLink,
}: {
  /** Null when the code has been used already (a returning subscriber). */
  discountCode: string | null;
  percentOff: number;
  favoriteGenre: string | null;
  unsubscribeLink: string;
  shopLink: string;
}): MailContent {
  const subject = discountCode
    ? `Welcome to the Needledrop newsletter: ${percentOff}% off your first order`
    : "Welcome back to the Needledrop newsletter";
  const genreLine = favoriteGenre
    ? `We'll keep you posted on new arrivals, restocks and pre-orders, with an ear out for ${favoriteGenre}.`
    : "We'll keep you posted on new arrivals, restocks and pre-orders.";
  const codeLines = discountCode
    ? [
        `Your discount code for ${percentOff}% off your first order:`,
        "",
        `    ${discountCode}`,
        "",
        "Enter it at checkout. It works once.",
      ]
    : ["Your welcome discount has already been used, but the newsletter's offers are still yours."];
  const text = [
    "Thanks for signing up to the Needledrop newsletter!",
    "",
    ...codeLines,
    "",
    genreLine,
    "",
    `Browse the shop: ${shopLink}`,
    "",
    "Don't want these e-mails? Unsubscribe with one click:",
    unsubscribeLink,
    "",
    "Needledrop",
  ].join("\n");
  const codeHtml = discountCode
    ? `<p>Your discount code for ${percentOff}% off your first order:</p>
<p style="font-size:22px;font-weight:bold;letter-spacing:2px;background:#f7f3ec;padding:12px 16px;display:inline-block">${escapeHtml(discountCode)}</p>
<p>Enter it at checkout. It works once.</p>`
    : "<p>Your welcome discount has already been used, but the newsletter's offers are still yours.</p>";
  const html = layout(
    subject,
    `<p>Thanks for signing up to the Needledrop newsletter!</p>
${codeHtml}
<p>${escapeHtml(genreLine)}</p>
<p><a href="${escapeHtml(shopLink)}">Browse the shop</a></p>
<p style="color:#666;font-size:12px">Don't want these e-mails? <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe with one click</a>.</p>`,
  );
  return { subject, text, html };
}
