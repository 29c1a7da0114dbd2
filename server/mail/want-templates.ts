import { formatPence } from "../../app/domain/shared/money";
import type { WantEvent } from "../../app/domain/wants/want-schema";
import { escapeHtml, type MailContent } from "./templates";

/**
 * Sent for each want posted without its address's owner signed in: nothing is saved until its confirm link is
 * followed, and its stop link (also the List-Unsubscribe header) ends it, as every alert mail can be stopped.
 */
export function wantConfirmMail(input: {
  title: string;
  artist: string;
  conditions: string;
  confirmLink: string;
  stopLink: string;
}): MailContent {
  const name = `${input.artist} – ${input.title}`;
  const subject = "Confirm your Needledrop record alerts";
  const text = [
    "Hello,",
    "",
    `You asked us to tell you about ${name}: ${input.conditions}. Confirm it and we will send this alert to this address:`,
    input.confirmLink,
    "",
    "Did not ask? Ignore this mail: nothing will be sent.",
    `Stop this alert: ${input.stopLink}`,
    "",
    "Needledrop",
  ].join("\n");
  const html = `<p>Hello,</p>
<p>You asked us to tell you about <strong>${escapeHtml(name)}</strong>: ${escapeHtml(input.conditions)}. Confirm it and we will send this alert to this address:</p>
<p><a href="${escapeHtml(input.confirmLink)}">Confirm my alerts</a></p>
<p>Did not ask? Ignore this mail: nothing will be sent.</p>
<p style="font-size:12px"><a href="${escapeHtml(input.stopLink)}">Stop this alert</a></p>
<p>Needledrop</p>`;
  return { subject, text, html };
}

const HEADLINES: Record<WantEvent, (name: string, price: string) => string> = {
  "back-in-stock": (name) => `${name} is back in stock`,
  released: (name) => `${name} is out now`,
  "price-below": (name, price) => `${name} is now ${price}`,
  "used-copy": (name) => `A used copy of ${name} is in`,
};

/** One alert about one record; the links are absolute, from the configured origin. */
export function wantAlertMail(input: {
  event: WantEvent;
  title: string;
  artist: string;
  pricePence: number;
  recordLink: string;
  unsubscribeWantLink: string;
  unsubscribeAllLink: string;
}): MailContent {
  const name = `${input.artist} – ${input.title}`;
  const price = formatPence(input.pricePence);
  const subject = HEADLINES[input.event](name, price);
  const text = [
    "Hello,",
    "",
    `${subject}. It is ${price} and ready to add to your cart:`,
    input.recordLink,
    "",
    `Stop alerts for this record: ${input.unsubscribeWantLink}`,
    `Stop all record alerts to this address: ${input.unsubscribeAllLink}`,
    "",
    "Needledrop",
  ].join("\n");
  const html = `<p>Hello,</p>
<p><strong>${escapeHtml(subject)}</strong>. It is ${escapeHtml(price)} and ready to add to your cart.</p>
<p><a href="${escapeHtml(input.recordLink)}">See the record</a></p>
<p style="font-size:12px"><a href="${escapeHtml(input.unsubscribeWantLink)}">Stop alerts for this record</a> ·
<a href="${escapeHtml(input.unsubscribeAllLink)}">Stop all record alerts to this address</a></p>
<p>Needledrop</p>`;
  return { subject, text, html };
}
