import { idempotencyKeySchema } from "../../../app/domain/checkout/checkout-schemas";
import { orderNumberSchema } from "../../../app/domain/orders/order-status-schema";
import { z } from "../../../app/domain/shared/zod";
import { protectedProcedure, publicProcedure, router } from "../init";

/** A customer's orders, as the confirmation page and /profile show them (no owner id, no payment reference). */
export const ordersRouter = router({
  /** The signed-in customer's orders, newest first. */
  mine: protectedProcedure.query(({ ctx }) => ctx.services.orders.listForUser(ctx.user.id)),

  /** One order, for its owner or for the holder of the key that placed it. */
  get: publicProcedure
    .input(z.object({ orderNumber: orderNumberSchema, accessToken: idempotencyKeySchema.optional() }))
    .query(({ ctx, input }) =>
      ctx.services.orders.forViewer(input.orderNumber, {
        userId: ctx.user?.id ?? null,
        accessTokens: input.accessToken ? [input.accessToken] : [],
      }),
    ),
});
