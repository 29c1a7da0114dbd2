import { cannedAnswer, catalogueMayAnswer, type ShopFacts } from "./answers";
import type { ChatLookupResult } from "./catalogue-reply";
import type { ChatLink } from "./chat";

export interface Reply {
  content: string;
  links: ChatLink[];
}

/**
 * VinylBot's reply to a message: the catalogue's answer when the message named records or an artist
 * and asked nothing the canned topics cover better (see catalogueMayAnswer); otherwise the canned
 * answer of spec §9, or its fallback. `lookup` is null when the catalogue was not asked or did not answer.
 */
export function composeReply(text: string, lookup: Pick<ChatLookupResult, "reply" | "links" | "preOrderCharge"> | null): Reply {
  if (lookup?.reply && catalogueMayAnswer(text)) return { content: lookup.reply, links: lookup.links };
  const facts: ShopFacts = lookup?.preOrderCharge ? { preOrderCharge: lookup.preOrderCharge } : {};
  const canned = cannedAnswer(text, facts);
  return { content: canned.answer, links: canned.link ? [canned.link] : [] };
}
