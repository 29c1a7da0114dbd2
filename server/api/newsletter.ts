import { Router, type Request } from "express";
import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../../app/domain/chat/answers";
import { sendError } from "../http/errors";
import type { RequestContext } from "../context";
import { contextOf, noStore, parseQuery } from "./helpers";

/**
 * Spec §7 newsletter calls and VinylBot's catalogue lookup. Subscriber answers are never cached and
 * carry a discount code only to the browser that subscribed (signed nl_sub cookie) or the signed-in owner.
 */
export const newsletterApi = Router();

/** Who is asking: the address the nl_sub cookie vouches for, the signed-in user's, and the link origin. */
function who(req: Request, ctx: RequestContext) {
  return {
    ownerEmail: ctx.services.newsletter.ownerFromCookie(req.get("cookie")),
    userEmail: ctx.user?.email ?? null,
    linkOrigin: ctx.auth.linkOrigin,
  };
}

// 201 new subscriber, 200 already subscribed, 400 { error, message } with the spec §5 message.
newsletterApi.post("/subscribe", noStore, (req, res) => {
  const ctx = contextOf(res);
  const { created, ...answer } = ctx.services.newsletter.subscribe(req.body, who(req, ctx));
  if (created) res.append("Set-Cookie", ctx.services.newsletter.ownerCookie(answer.subscriber.email, ctx.auth.secure));
  res.status(answer.alreadySubscribed ? 200 : 201).json(answer);
});

newsletterApi.get("/subscribers/email/:email", noStore, (req, res) => {
  const ctx = contextOf(res);
  const found = ctx.services.newsletter.subscriberCode(String(req.params.email), who(req, ctx));
  if (!found) return sendError(req, res, 404, "Subscriber not found");
  res.json(found);
});

const lookupQuery = z.object({ q: z.string().trim().min(1, "must not be empty").max(MESSAGE_MAX_LENGTH) });

// VinylBot: records or an artist named in a message, with stock wording. Stock changes, so no caching.
newsletterApi.get("/chat/lookup", async (req, res) => {
  const ctx = contextOf(res);
  const { q } = parseQuery(lookupQuery, req);
  const answer = await ctx.services.chat.lookup(q, ctx.today);
  res.set("Cache-Control", "private, no-cache");
  res.json({ query: q, ...answer });
});
