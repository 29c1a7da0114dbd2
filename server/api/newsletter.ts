import { Router, type Request } from "express";
import { newsletterSchema } from "../../app/domain/newsletter/newsletter-schema";
import { parseInput } from "../../app/domain/shared/parse-input";
import type { RequestContext } from "../context";
import { OPERATIONS } from "../contract/operations";
import { sendError } from "../http/errors";
import { contextOf, inputOf, noStore, routeOf } from "./helpers";

/**
 * Spec §7 newsletter calls. Subscriber answers are never cached and carry a discount code only to the
 * browser that subscribed (signed nl_sub cookie) or the signed-in owner.
 */
export const newsletterApi = Router();

/** Who is asking: the address the nl_sub cookie vouches for and the signed-in user's. */
function who(req: Request, ctx: RequestContext) {
  return {
    ownerEmail: ctx.services.newsletter.ownerFromCookie(req.get("cookie")),
    userEmail: ctx.user?.email ?? null,
  };
}

/** A body that is not an object reads as an empty one: each field then gets its own spec §5 message. */
const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

// 201 new subscriber, 200 already subscribed, 400 { error, message } with the spec §5 message: the body is read with
// the documented schema (OPERATIONS.subscribe), answering its first message for a toast.
newsletterApi.post(routeOf(OPERATIONS.subscribe), noStore, (req, res) => {
  const ctx = contextOf(res);
  const input = parseInput(newsletterSchema, asObject(req.body), { message: "first" });
  ctx.services.rateLimits.takeForAddress("newsletterPerAddress", ctx.clientIp);
  const { created, ...answer } = ctx.services.newsletter.subscribe(input, who(req, ctx));
  if (created) res.append("Set-Cookie", ctx.services.newsletter.ownerCookie(answer.subscriber.email, ctx.auth.secure));
  res.status(answer.alreadySubscribed ? 200 : 201).json(answer);
});

newsletterApi.get(routeOf(OPERATIONS.subscriberByEmail), noStore, (req, res) => {
  const ctx = contextOf(res);
  const found = ctx.services.newsletter.subscriberCode(inputOf(OPERATIONS.subscriberByEmail, req).params.email, who(req, ctx));
  if (!found) return sendError(req, res, 404, "Subscriber not found");
  res.json(found);
});
