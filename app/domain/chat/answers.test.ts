import { describe, expect, it } from "vitest";
import { deliveryLeadText } from "~/domain/checkout/delivery";
import { DEFAULT_RATES, deliveryService } from "~/domain/international/delivery-services";
import { formatPence } from "~/domain/shared/money";
import {
  cannedAnswer,
  catalogueMayAnswer,
  FALLBACK,
  GREETING,
  hasStockIntent,
  isSendable,
  matchTopic,
  replyDelayMs,
  REPLY_DELAY_MAX_MS,
  REPLY_DELAY_MIN_MS,
  TOPICS,
  type TopicId,
} from "./answers";
import { normaliseMessage } from "./normalise";
import { composeReply } from "./reply";

const topicOf = (text: string): TopicId | null => matchTopic(text)?.id ?? null;
const answerOf = (id: TopicId) => TOPICS.find((t) => t.id === id)!.answer;

describe("topics (spec §9)", () => {
  it("come in the spec's order: care, delivery, returns, pre-order, limited, grading, format, discount, then small talk", () => {
    expect(TOPICS.map((t) => t.id)).toEqual([
      "vinyl-care",
      "delivery",
      "returns",
      "pre-order",
      "limited-edition",
      "grading",
      "format",
      "discount",
      "greeting",
      "thanks",
      "goodbye",
    ]);
    expect(TOPICS.filter((t) => t.kind === "social").map((t) => t.id)).toEqual(["greeting", "thanks", "goodbye"]);
  });

  // Exhaustive: every keyword of every topic, alone in a message, answers with that topic.
  for (const topic of TOPICS) {
    describe(topic.id, () => {
      for (const keyword of topic.keywords) {
        const word = keyword.trim();
        it(`"${word}" alone, in a sentence, in upper case`, () => {
          expect(topicOf(word)).toBe(topic.id);
          expect(topicOf(`So, ${word}?`)).toBe(topic.id);
          expect(topicOf(word.toUpperCase())).toBe(topic.id);
          expect(cannedAnswer(word)).toEqual({ topic, answer: topic.answer, link: topic.link });
        });
      }
    });
  }

  it("matches keywords inside longer words unless the keyword marks a word boundary", () => {
    expect(topicOf("Is it delivered on Saturdays?")).toBe("delivery");
    expect(topicOf("What about RETURNING a record?")).toBe("returns");
    expect(topicOf("Do you sell coloured vinyl?")).toBe("format");
    // " hi " is a whole word only: not the "hi" in "this", "shipping" or "chill".
    expect(topicOf("What is this?")).toBeNull();
    expect(topicOf("chill out")).toBeNull();
    expect(topicOf("Hi!")).toBe("greeting");
    expect(topicOf("hi")).toBe("greeting");
  });

  it('is case- and accent-insensitive and reads sizes such as 12" or 7in', () => {
    expect(topicOf("DÉLIVERY PLEASE")).toBe("delivery");
    expect(topicOf('Do you have 12" records?')).toBe("format");
    expect(topicOf("any 7in singles")).toBe("format");
    expect(topicOf("10” pressings?")).toBe("format");
    expect(normaliseMessage('A 12" LP & more!')).toBe(" a 12 inch lp and more ");
  });

  it("first match wins", () => {
    expect(topicOf("Hi, how much is delivery?")).toBe("delivery");
    expect(topicOf("How should I clean a record before I return it?")).toBe("vinyl-care");
    expect(topicOf("Can I return a pre-order?")).toBe("returns");
    expect(topicOf("Is the limited edition on coloured vinyl?")).toBe("limited-edition");
    expect(topicOf("What grade is the 180g pressing?")).toBe("grading");
    expect(topicOf("Any discount on 180g records?")).toBe("format");
    expect(topicOf("Thanks, bye!")).toBe("thanks");
    expect(topicOf("hello and goodbye")).toBe("greeting");
  });

  it("falls back to 'I'm not sure I understand your question...'", () => {
    expect(FALLBACK.startsWith("I'm not sure I understand your question...")).toBe(true);
    for (const text of ["", "   ", "asdf", "What is the meaning of life?", "Tell me a joke"]) {
      expect(cannedAnswer(text)).toEqual({ topic: null, answer: FALLBACK });
    }
  });
});

describe("answers carry the spec's facts", () => {
  it("vinyl care links to the care guide", () => {
    expect(answerOf("vinyl-care")).toMatch(/brush/);
    expect(TOPICS[0]!.link).toEqual({ href: "/vinyl-care", label: "Vinyl Care Guide" });
  });

  it("delivery: the checkout's lead in working days, £4 under 5 items, £7 for 5 or more, Royal Mail", () => {
    const a = answerOf("delivery");
    expect(a).toContain(`Standard delivery takes ${deliveryLeadText(false)}`);
    expect(a).toContain("1–5 working days");
    expect(a).toContain("pre-orders arrive 1–14 working days after release");
    expect(a).toContain("Royal Mail");
    expect(a).toContain("£4 for orders of fewer than 5 items");
    expect(a).toContain("£7 for 5 or more");
  });

  it("delivery abroad: Europe, the USA and the rest of the world, the services' times and the shop's lowest rates", () => {
    const a = answerOf("delivery");
    const from = (zone: string) =>
      formatPence(Math.min(...DEFAULT_RATES.filter((r) => r.zone === zone).map((r) => r.pricePence)));
    expect(from("europe")).toBe("£9.50");
    expect(a).toContain(
      `from ${from("europe")} to Europe, ${from("usa")} to the USA and ${from("world")} to the rest of the world`,
    );
    expect(a).toContain(`International Standard takes ${deliveryService("intl_standard")!.days}`);
    expect(a).toContain(`International Tracked & Signed ${deliveryService("intl_tracked")!.days}`);
    expect(a).toMatch(/without UK VAT/);
    for (const question of ["Do you ship abroad?", "Can you send to Germany? International shipping?", "overseas postage"]) {
      expect(topicOf(question), question).toBe("delivery");
    }
  });

  it("returns: 30 days, original condition and packaging", () => {
    expect(answerOf("returns")).toContain("within 30 days");
    expect(answerOf("returns")).toContain("original condition and packaging");
  });

  it("pre-order: the card is charged at order time", () => {
    expect(answerOf("pre-order")).toContain("Your card is charged when you place the order");
    expect(answerOf("pre-order")).toContain(deliveryLeadText(true));
  });

  it("pre-order: follows the shop's setting, the spec's sentence when charged at order time", () => {
    expect(cannedAnswer("how do pre-orders work?").answer).toContain("Your card is charged when you place the order");
    expect(cannedAnswer("how do pre-orders work?", { preOrderCharge: "at_order" }).answer).toBe(answerOf("pre-order"));
    const later = cannedAnswer("how do pre-orders work?", { preOrderCharge: "at_dispatch" }).answer;
    expect(later).toContain("charged when your record ships");
    expect(later).not.toContain("charged when you place the order");
  });

  it("limited editions", () => {
    expect(answerOf("limited-edition")).toMatch(/limited editions/i);
  });

  it("grading: M, NM, VG+, VG, G, P", () => {
    const a = answerOf("grading");
    for (const grade of ["M (Mint)", "NM (Near Mint)", "VG+ (Very Good Plus)", "VG (Very Good)", "G (Good)", "P (Poor)"]) {
      expect(a).toContain(grade);
    }
  });

  it('format: 12" LP at 33 1/3 RPM, 7" at 45 RPM, 10", 180g, coloured', () => {
    const a = answerOf("format");
    for (const fact of ['12" LPs', "33 1/3 RPM", '7" singles play at 45 RPM', '10"', "180g", "coloured vinyl"])
      expect(a).toContain(fact);
  });

  it("discount: seasonal promotions (and the newsletter's 10%)", () => {
    expect(answerOf("discount")).toContain("seasonal promotions");
    expect(answerOf("discount")).toContain("10% off your first order");
  });

  it("greetings, thanks and goodbyes", () => {
    expect(answerOf("greeting")).toMatch(/^Hello!/);
    expect(answerOf("thanks")).toMatch(/^You're welcome!/);
    expect(answerOf("goodbye")).toMatch(/^Goodbye/);
    expect(GREETING).toMatch(/VinylBot/);
  });
});

describe("reply delay (spec §4: random 300-1000 ms)", () => {
  it("spans 300 to 1000 ms inclusive", () => {
    expect(replyDelayMs(() => 0)).toBe(REPLY_DELAY_MIN_MS);
    expect(replyDelayMs(() => 0.9999999)).toBe(REPLY_DELAY_MAX_MS);
    expect(replyDelayMs(() => 0.5)).toBe(650);
    expect(replyDelayMs(() => 1)).toBe(1000);
    expect(replyDelayMs(() => -1)).toBe(300);
    for (let i = 0; i < 1000; i++) {
      const d = replyDelayMs();
      expect(Number.isInteger(d) && d >= 300 && d <= 1000).toBe(true);
    }
  });
});

describe("sending (spec §5)", () => {
  it("never sends an empty or whitespace-only message", () => {
    for (const text of ["", " ", "\n", "\t \n  "]) expect(isSendable(text)).toBe(false);
    for (const text of ["a", "  hi  ", "\nx\n"]) expect(isSendable(text)).toBe(true);
  });
});

describe("catalogue answers", () => {
  it("recognise questions about having or buying records", () => {
    for (const text of [
      "Is Blue Train in stock?",
      "do you have Kind of Blue",
      "Have you got any Coltrane?",
      "How much is Blue Train?",
      "When is the new Wet Leg released?",
      "is it available",
    ]) {
      expect(hasStockIntent(text)).toBe(true);
    }
    for (const text of ["Blue Train", "hello", "how do I clean records"]) expect(hasStockIntent(text)).toBe(false);
  });

  it("take precedence over small talk and the fallback, not over a shop topic unless it asks about stock", () => {
    expect(catalogueMayAnswer("Blue Train")).toBe(true);
    expect(catalogueMayAnswer("Hi, Blue Train?")).toBe(true);
    expect(catalogueMayAnswer("How do I clean Blue Train?")).toBe(false);
    expect(catalogueMayAnswer("Is the Blue Train pre-order in stock?")).toBe(true);
  });

  it("compose the reply: the catalogue's when it may answer, else the canned one with its link", () => {
    const lookup = {
      reply: '"Blue Train" by John Coltrane is In Stock at £24.99.',
      links: [{ href: "/vinyl/1-x", label: "Blue Train by John Coltrane" }],
    };
    expect(composeReply("is Blue Train in stock?", lookup)).toEqual({ content: lookup.reply, links: lookup.links });
    expect(composeReply("how do I clean Blue Train?", lookup)).toEqual({
      content: answerOf("vinyl-care"),
      links: [TOPICS[0]!.link],
    });
    expect(composeReply("is Nothing Real in stock?", { reply: null, links: [] })).toEqual({ content: FALLBACK, links: [] });
    expect(composeReply("delivery?", null)).toEqual({ content: answerOf("delivery"), links: [] });
  });
});
