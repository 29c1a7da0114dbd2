import { placeOrderSchema } from "../../../app/domain/checkout/checkout-schemas";
import { toPlaceOrderAnswer } from "../../contract/answers";
import { publicProcedure, router } from "../init";
import { rateLimitedProcedure } from "../rate-limited";

/**
 * Placing an order over tRPC (as POST /api/orders): every price comes from the database, and an API client
 * supplies its own idempotency key, so retrying with it never makes a second order.
 */
export const checkoutRouter = router({
  /** What the checkout needs to know about payment: the provider's kind (card form or hosted page). */
  provider: publicProcedure.query(({ ctx }) => ({ kind: ctx.services.checkout.provider.kind })),

  placeOrder: rateLimitedProcedure("checkoutPerAddress")
    .input(placeOrderSchema)
    .mutation(async ({ ctx, input }) => {
      const placer = {
        userId: ctx.user?.id ?? null,
        today: ctx.today,
        origin: ctx.auth.linkOrigin,
        channel: "trpc" as const,
        dropSessionKey: ctx.dropSessionKey ?? null,
      };
      return toPlaceOrderAnswer(await ctx.services.checkout.placeOrder(input, placer));
    }),
});
