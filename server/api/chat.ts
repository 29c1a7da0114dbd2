import { Router } from "express";
import { OPERATIONS } from "../contract/operations";
import { contextOf, inputOf, routeOf } from "./helpers";

/** VinylBot's catalogue lookup: the records or artist a message names, with stock wording. */
export const chatApi = Router();

// Stock changes, so the answer is never reused.
chatApi.get(routeOf(OPERATIONS.chatLookup), async (req, res) => {
  const ctx = contextOf(res);
  const { q } = inputOf(OPERATIONS.chatLookup, req).query;
  const answer = await ctx.services.chat.lookup(q, ctx.today);
  res.set("Cache-Control", "private, no-cache");
  // VinylBot's pre-order answer says when the shop charges pre-orders.
  res.json({ query: q, ...answer, preOrderCharge: ctx.services.preOrderCharges.setting() });
});
