import { Router } from "express";
import { toGiftVoucherBalance, toGiftVoucherPurchaseAnswer } from "../contract/answers";
import { OPERATIONS } from "../contract/operations";
import { sendError } from "../http/errors";
import { contextOf, fieldErrors, inputOf, noStore, routeOf } from "./helpers";

/**
 * Buying a gift voucher and checking a balance as JSON: thin adapters over the gift vouchers service the
 * /gift-vouchers pages use. Never cached: they are about a person's money.
 */
export const giftVouchersApi = Router();

// 201 paid / redirect / pending; 402 declined (nothing charged). A paid printable voucher's code is in this answer only.
giftVouchersApi.post(routeOf(OPERATIONS.buyGiftVoucher), noStore, async (req, res) => {
  const ctx = contextOf(res);
  const { body } = inputOf(OPERATIONS.buyGiftVoucher, req);
  ctx.services.rateLimits.takeForAddress("checkoutPerAddress", ctx.clientIp);
  const placer = { userId: ctx.user?.id ?? null, today: ctx.today, origin: ctx.auth.linkOrigin };
  const answer = toGiftVoucherPurchaseAnswer(await ctx.services.giftVouchers.buy(body, placer, { reveal: true }));
  if (answer.result === "declined") return sendError(req, res, 402, answer.message!);
  res.status(201).json(answer);
});

// 404 for a code that opens nothing; 429 past the look-up limits (per address, per code prefix).
giftVouchersApi.get(routeOf(OPERATIONS.giftVoucherBalance), noStore, (req, res) => {
  const ctx = contextOf(res);
  const { query } = inputOf(OPERATIONS.giftVoucherBalance, req);
  const answer = ctx.services.giftVouchers.balance(query.code, ctx.clientIp, ctx.today);
  if (!answer.found) return sendError(req, res, 404, answer.message);
  res.json(toGiftVoucherBalance(answer));
});

giftVouchersApi.use(fieldErrors);
