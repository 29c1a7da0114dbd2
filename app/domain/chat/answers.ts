/**
 * VinylBot's canned answers (spec §9): case-insensitive substring match on the message, topics tried in
 * order, first match wins, otherwise the fallback. Pure and shared: the chat widget answers with it and
 * the no-JavaScript help page (HELP_PATH) shows the same topics.
 *
 * Keywords are matched against `normaliseMessage(text)`: lower case, accents and punctuation gone, one
 * space at each end. A keyword with a space on a side only matches at a word boundary on that side, so
 * " hi " answers "Hi!" but not "this" or "shipping"; a keyword without one matches inside words too
 * ("deliver" covers delivery and delivered).
 */
import {
  SHIPPING_LARGE_FROM_ITEMS,
  SHIPPING_LARGE_PENCE,
  SHIPPING_SMALL_PENCE,
  NEWSLETTER_DISCOUNT_PERCENT,
} from "~/domain/cart/shipping";
import { deliveryLeadText } from "~/domain/checkout/delivery";
import { DEFAULT_RATES, deliveryService } from "~/domain/international/delivery-services";
import type { ShippingZone } from "~/domain/international/countries";
import { formatPence } from "~/domain/shared/money";
import { normaliseMessage } from "./normalise";

export type TopicId =
  | "vinyl-care"
  | "delivery"
  | "returns"
  | "pre-order"
  | "limited-edition"
  | "grading"
  | "format"
  | "discount"
  | "greeting"
  | "thanks"
  | "goodbye";

export interface Topic {
  id: TopicId;
  /** "topic" answers a shop question; "social" is small talk (greetings, thanks, goodbyes). */
  kind: "topic" | "social";
  /** The question as the help page shows it. */
  question: string;
  keywords: readonly string[];
  answer: string;
  link?: { href: string; label: string };
}

const pounds = (pence: number) => `£${pence / 100}`;

/** The shop's lowest rate to a zone abroad (its default table), as "£9.50". */
const fromPrice = (zone: ShippingZone) =>
  formatPence(Math.min(...DEFAULT_RATES.filter((r) => r.zone === zone).map((r) => r.pricePence)));

/** Delivery abroad, from the services' own times and the default rates (app/domain/international). */
const abroadText =
  `We also deliver abroad with Royal Mail: International Standard takes ${deliveryService("intl_standard")!.days}; ` +
  `International Tracked & Signed ${deliveryService("intl_tracked")!.days}. ` +
  `Postage is by weight, from ${fromPrice("europe")} to Europe, ${fromPrice("usa")} to the USA and ${fromPrice("world")} to the rest of the world. ` +
  "Prices abroad are shown without UK VAT; EU orders up to €150 include the country's VAT, and elsewhere import taxes may be charged on delivery.";

export const GREETING =
  "Hi! I'm VinylBot, Needledrop's record assistant. Ask me about delivery, returns, pre-orders, grading, formats or vinyl care, or whether a record is in stock.";

export const FALLBACK =
  "I'm not sure I understand your question... Try asking about delivery, returns, pre-orders, record grading, formats, vinyl care or discounts, or name a record or artist to check our stock.";

/** Tried in this order; the first topic with a keyword in the message answers it. */
export const TOPICS: readonly Topic[] = [
  {
    id: "vinyl-care",
    kind: "topic",
    question: "How do I look after my records?",
    keywords: [
      "vinyl care",
      "care for",
      "caring",
      "look after",
      "looking after",
      " clean",
      " dust",
      "static",
      "scratch",
      "warp",
      "sleeve",
      "brush",
      " wash",
      "storage",
      " store them",
      " storing",
      "maintain",
      "maintenance",
    ],
    answer:
      "Hold records by the edges, give them a carbon-fibre brush before each play and keep them in anti-static inner sleeves. Store them upright, away from heat and sunlight, so they never warp. Our Vinyl Care Guide has the full routine.",
    link: { href: "/vinyl-care", label: "Vinyl Care Guide" },
  },
  {
    id: "delivery",
    kind: "topic",
    question: "How much is delivery and how long does it take?",
    keywords: [
      "deliver",
      "shipping",
      " ship ",
      " ships ",
      " shipped",
      "postage",
      " post ",
      "royal mail",
      "dispatch",
      "courier",
      "tracking",
      "parcel",
      "arrive",
      "how long will",
      "abroad",
      "overseas",
      "international",
      "worldwide",
    ],
    answer: `Standard delivery takes ${deliveryLeadText(false)} with Royal Mail, counted from your order (Monday to Friday; weekends do not count); pre-orders arrive ${deliveryLeadText(true)}. Shipping is ${pounds(SHIPPING_SMALL_PENCE)} for orders of fewer than ${SHIPPING_LARGE_FROM_ITEMS} items and ${pounds(SHIPPING_LARGE_PENCE)} for ${SHIPPING_LARGE_FROM_ITEMS} or more. ${abroadText}`,
  },
  {
    id: "returns",
    kind: "topic",
    question: "Can I return a record?",
    keywords: [
      " return",
      "refund",
      "exchange",
      "send back",
      "send it back",
      "money back",
      "faulty",
      "damaged",
      "broken",
      "wrong item",
    ],
    answer:
      "You can return a record within 30 days of delivery, as long as it is in its original condition and packaging. Get in touch and we'll arrange the return and your refund.",
  },
  {
    id: "pre-order",
    kind: "topic",
    question: "How do pre-orders work?",
    keywords: [
      "pre order",
      "preorder",
      "presale",
      "pre sale",
      "upcoming",
      "not out yet",
      "not released",
      "charged",
      "charge my card",
    ],
    answer: preOrderAnswer("at_order"),
    link: { href: "/pre-orders", label: "See all pre-orders" },
  },
  {
    id: "limited-edition",
    kind: "topic",
    question: "Do you sell limited editions?",
    keywords: ["limited", "exclusive", "numbered", " rare", "special edition", "deluxe", "record store day", " rsd ", "box set"],
    answer:
      "Yes: limited editions such as numbered pressings, coloured variants and Record Store Day exclusives are pressed in small runs and sell out fast. Once they're gone we can't restock them, so pre-order when you can.",
  },
  {
    id: "grading",
    kind: "topic",
    question: "How do you grade second-hand records?",
    keywords: [
      "grade",
      "grading",
      "condition",
      " mint",
      " nm ",
      " vg",
      "goldmine",
      "second hand",
      "secondhand",
      "pre owned",
      "preowned",
      " used ",
    ],
    answer:
      "We grade second-hand vinyl on the Goldmine scale: M (Mint), NM (Near Mint), VG+ (Very Good Plus), VG (Very Good), G (Good) and P (Poor). Sleeve and record are graded separately.",
  },
  {
    id: "format",
    kind: "topic",
    question: "Which formats and speeds do you stock?",
    keywords: [
      "format",
      " rpm",
      "speed",
      "12 inch",
      "10 inch",
      "7 inch",
      " 33 ",
      " 45 ",
      "180g",
      "180 g",
      "180 gram",
      "heavyweight",
      "colour",
      "color",
      " lp ",
      " lps ",
      " ep ",
      " eps ",
      " single",
      "picture disc",
      "gatefold",
    ],
    answer:
      'Most albums are 12" LPs that play at 33 1/3 RPM; 7" singles play at 45 RPM, and we also stock 10" records. Many pressings are heavyweight 180g vinyl, and some come on coloured vinyl.',
  },
  {
    id: "discount",
    kind: "topic",
    question: "Do you have any discounts?",
    keywords: [
      "discount",
      "promo",
      "coupon",
      "voucher",
      " sale",
      "offer",
      " code",
      " deal",
      "cheap",
      "% off",
      "percent off",
      "money off",
      "black friday",
      "newsletter",
    ],
    answer: `We run seasonal promotions through the year. Sign up to our newsletter at the foot of the page for ${NEWSLETTER_DISCOUNT_PERCENT}% off your first order.`,
  },
  {
    id: "greeting",
    kind: "social",
    question: "Hello",
    keywords: [
      " hi ",
      " hiya",
      " hello",
      " hey",
      " howdy",
      " yo ",
      "good morning",
      "good afternoon",
      "good evening",
      " greetings",
    ],
    answer: "Hello! How can I help you today? Ask me about delivery, returns, pre-orders, grading, formats or vinyl care.",
  },
  {
    id: "thanks",
    kind: "social",
    question: "Thank you",
    keywords: ["thank", " thx", " ta ", " ty ", "cheers", "appreciate"],
    answer: "You're welcome! Is there anything else I can help with?",
  },
  {
    id: "goodbye",
    kind: "social",
    question: "Goodbye",
    keywords: [
      " bye",
      "goodbye",
      "good bye",
      "see you",
      "see ya",
      " cya",
      "farewell",
      "good night",
      "goodnight",
      "thats all",
      "ttyl",
    ],
    answer: "Goodbye, and happy listening!",
  },
];

/**
 * The pre-order answer follows the shop's setting (back office, Pre-orders): charged when the order is placed (the
 * spec's rule and sentence) or when the record ships.
 */
export function preOrderAnswer(charge: "at_order" | "at_dispatch"): string {
  const lead = `Pre-order a record before its release date and we'll send it as soon as it arrives: delivery takes ${deliveryLeadText(true)}.`;
  return charge === "at_dispatch"
    ? `${lead} Your card is saved when you order and charged when your record ships, and your copy is reserved.`
    : `${lead} Your card is charged when you place the order, so your copy is reserved.`;
}

/** What VinylBot's canned answers depend on in this shop. */
export interface ShopFacts {
  preOrderCharge?: "at_order" | "at_dispatch";
}

/** The first topic with a keyword in the message, or null. */
export function matchTopic(text: string): Topic | null {
  const message = normaliseMessage(text);
  return TOPICS.find((t) => t.keywords.some((k) => message.includes(k))) ?? null;
}

export interface CannedAnswer {
  topic: Topic | null;
  answer: string;
  link?: { href: string; label: string };
}

/** Spec §9: the matching topic's answer, or the fallback. */
export function cannedAnswer(text: string, facts: ShopFacts = {}): CannedAnswer {
  const topic = matchTopic(text);
  if (topic?.id === "pre-order") return { topic, answer: preOrderAnswer(facts.preOrderCharge ?? "at_order"), link: topic.link };
  return topic ? { topic, answer: topic.answer, link: topic.link } : { topic: null, answer: FALLBACK };
}

const STOCK_INTENT = [
  " stock",
  "available",
  "availab",
  "do you have",
  "have you got",
  "got any",
  " sell",
  " carry",
  "price",
  "how much",
  " cost",
  " buy",
  "released",
  "when is",
  "when does",
  "when will",
];

/** Whether the message asks about having or buying something ("is Blue Train in stock?"). */
export function hasStockIntent(text: string): boolean {
  const message = normaliseMessage(text);
  return STOCK_INTENT.some((k) => message.includes(k));
}

/**
 * Whether a catalogue answer may take precedence over the canned one: the message matched no shop
 * topic (only small talk or nothing), or it asks about stock ("is the Blue Train pre-order in stock?").
 */
export function catalogueMayAnswer(text: string): boolean {
  const topic = matchTopic(text);
  return topic === null || topic.kind === "social" || hasStockIntent(text);
}

/** Spec §4/§9: the typing indicator shows for a random 300-1000 ms before a reply. */
export const REPLY_DELAY_MIN_MS = 300;
export const REPLY_DELAY_MAX_MS = 1000;

export function replyDelayMs(random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 0.999999);
  return REPLY_DELAY_MIN_MS + Math.floor(r * (REPLY_DELAY_MAX_MS - REPLY_DELAY_MIN_MS + 1));
}

/** Chat input: at most this many characters. */
export const MESSAGE_MAX_LENGTH = 500;

/** Spec §5: an empty or whitespace-only message is not sent. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}
