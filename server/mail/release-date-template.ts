import { formatDateGB } from "../../app/domain/shared/dates";
import { escapeHtml, type MailContent } from "./templates";

/** Told to a customer whose pre-order's record has a new release date. */
export function releaseDateMovedMail(input: {
  name: string;
  orderNumber: string;
  title: string;
  artist: string;
  releaseDate: string;
  ordersLink: string;
}): MailContent {
  const date = formatDateGB(input.releaseDate);
  const subject = `New release date for ${input.artist} – ${input.title}: ${date}`;
  const text = [
    `Hello ${input.name},`,
    "",
    `The release date of ${input.artist} – ${input.title}, which you pre-ordered in order ${input.orderNumber}, is now ${date}.`,
    "We will send it as soon as it reaches us; you do not need to do anything.",
    "",
    `Your orders: ${input.ordersLink}`,
    "",
    "Needledrop",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(input.name)},</p>
<p>The release date of <strong>${escapeHtml(`${input.artist} – ${input.title}`)}</strong>, which you pre-ordered in order ${escapeHtml(input.orderNumber)}, is now <strong>${escapeHtml(date)}</strong>.</p>
<p>We will send it as soon as it reaches us; you do not need to do anything.</p>
<p><a href="${escapeHtml(input.ordersLink)}">Your orders</a></p>
<p>Needledrop</p>`;
  return { subject, text, html };
}
