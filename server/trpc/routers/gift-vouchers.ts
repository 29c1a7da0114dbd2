import { TRPCError } from "@trpc/server";
import { voucherBalanceQuerySchema, voucherPurchaseSchema } from "../../../app/domain/vouchers/voucher-purchase-schema";
import { toGiftVoucherBalance, toGiftVoucherPurchaseAnswer } from "../../contract/answers";
import { publicProcedure, router } from "../init";
import { rateLimitedProcedure } from "../rate-limited";

/** Gift vouchers over tRPC, as POST /api/gift-vouchers and GET /api/gift-vouchers/balance. */
export const giftVouchersRouter = router({
  buy: rateLimitedProcedure("checkoutPerAddress")
    .input(voucherPurchaseSchema)
    .mutation(async ({ ctx, input }) => {
      const placer = { userId: ctx.user?.id ?? null, today: ctx.today, origin: ctx.auth.linkOrigin };
      return toGiftVoucherPurchaseAnswer(await ctx.services.giftVouchers.buy(input, placer, { reveal: true }));
    }),

  // A mutation, not a query: each look-up counts against the limits, and a code is never put in an address.
  balance: publicProcedure.input(voucherBalanceQuerySchema).mutation(({ ctx, input }) => {
    const answer = ctx.services.giftVouchers.balance(input.code, ctx.clientIp, ctx.today);
    if (!answer.found) throw new TRPCError({ code: "NOT_FOUND", message: answer.message });
    return toGiftVoucherBalance(answer);
  }),
});
