/**
 * A campaign's e-mail: the Markdown text, the featured records as cards (cover, artist, title, price and a link)
 * and the unsubscribe link, as HTML and as plain text. Built from configuration only (see ./links).
 */
import { displayCoverUrl } from "../../app/domain/catalogue/cover";
import { DEFAULT_COVER_URL } from "../../app/domain/catalogue/hiding";
import { recordPath } from "../../app/domain/catalogue/slug";
import { coverVariantUrl, isShopImagePath } from "../../app/domain/images/image-url";
import { formatPence } from "../../app/domain/shared/money";
import { renderMarkdownForMail } from "../markdown";
import { escapeHtml, layout, type MailContent } from "./templates";

export interface CampaignCardRecord {
  id: number;
  title: string;
  artist: string;
  pricePence: number;
  coverUrl: string;
  format: string | null;
}

/** A cover 240 px wide as JPEG (every mail client shows JPEG), on the shop's own address. */
function mailCoverUrl(coverUrl: string, origin: string): string {
  const display = displayCoverUrl(coverUrl) || DEFAULT_COVER_URL;
  const src = isShopImagePath(display) ? coverVariantUrl(display, 240, "jpeg") : display;
  return new URL(src, origin).href;
}

function cardHtml(record: CampaignCardRecord, origin: string): string {
  const link = escapeHtml(new URL(recordPath(record), origin).href);
  const name = `${record.artist} – ${record.title}`;
  return `<tr><td style="padding:8px 0;border-top:1px solid #e7e5e4">
<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse"><tr>
<td style="width:120px;vertical-align:top"><a href="${link}"><img src="${escapeHtml(mailCoverUrl(record.coverUrl, origin))}" width="120" height="120" alt="${escapeHtml(name)}" style="display:block;border-radius:6px"></a></td>
<td style="vertical-align:top;padding-left:16px">
<p style="margin:0;color:#57534e;font-size:14px">${escapeHtml(record.artist)}</p>
<p style="margin:2px 0 0;font-size:17px;font-weight:bold"><a href="${link}" style="color:#1a1a1a;text-decoration:none">${escapeHtml(record.title)}</a></p>
<p style="margin:4px 0 0;font-size:15px">${escapeHtml(formatPence(record.pricePence))}${record.format ? ` · ${escapeHtml(record.format)}` : ""}</p>
<p style="margin:10px 0 0"><a href="${link}" style="display:inline-block;background:#1a1a1a;color:#ffffff;padding:8px 16px;border-radius:999px;text-decoration:none;font-size:14px;font-weight:bold">See the record</a></p>
</td></tr></table></td></tr>`;
}

export function campaignMail(input: {
  subject: string;
  /** Markdown. */
  body: string;
  featured: readonly CampaignCardRecord[];
  /** The shop's public origin, from configuration. */
  origin: string;
  /** With TOKEN_SLOT for a real send; the plain page for a preview or a test. */
  unsubscribeLink: string;
}): MailContent {
  const { subject, body, featured, origin, unsubscribeLink } = input;
  const recordLines = featured.flatMap((r) => [
    `${r.artist} – ${r.title}, ${formatPence(r.pricePence)}`,
    new URL(recordPath(r), origin).href,
    "",
  ]);
  const text = [
    body,
    "",
    ...(featured.length > 0 ? ["Featured records", "", ...recordLines] : []),
    `Needledrop: ${new URL("/", origin).href}`,
    "",
    "You get this because you subscribed to the Needledrop newsletter. Unsubscribe with one click:",
    unsubscribeLink,
  ].join("\n");
  const cards =
    featured.length > 0
      ? `<h2 style="font-size:18px;margin:28px 0 8px">Featured records</h2>
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="border-collapse:collapse">${featured.map((r) => cardHtml(r, origin)).join("\n")}</table>`
      : "";
  const html = layout(
    subject,
    `${renderMarkdownForMail(body, origin)}
${cards}
<p style="color:#666;font-size:12px;margin-top:32px">You get this because you subscribed to the Needledrop newsletter. <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe with one click</a>.</p>`,
  );
  return { subject, text, html };
}
