/**
 * Cart pricing, checkout and orders over tRPC: the same services the /cart, /checkout and
 * /payment-confirmation pages use. Callers send record ids and quantities only; every price comes from
 * the database. An API client supplies its own idempotency key: retrying with it never makes a second order.
 */
import { z } from "zod";
import { customerOf } from "../../../app/lib/cart-state.server";
import { idempotencyKeySchema } from "../../../app/domain/checkout/checkout-schemas";
import { placeOrder } from "../../adapters/place-order";
import { cartPriceBody, placeOrderBody } from "../../api/schemas";
import { protectedProcedure, publicProcedure, router } from "../init";

export const cartRouter = router({
  price: publicProcedure
    .input(cartPriceBody)
    .query(({ ctx, input }) =>
      ctx.services.cart.price(input.lines, input.discountCode, {
        today: ctx.today,
        customer: customerOf(ctx.user),
      }),
    ),
});

export const checkoutRouter = router({
  /** What the checkout needs to know about payment: the provider's kind (card form or hosted page). */
  provider: publicProcedure.query(({ ctx }) => ({ kind: ctx.services.checkout.provider.kind })),

  placeOrder: publicProcedure.input(placeOrderBody).mutation(({ ctx, input }) => placeOrder(ctx, input)),
});

export const ordersRouter = router({
  /** The signed-in customer's orders, newest first. */
  mine: protectedProcedure.query(({ ctx }) => ctx.services.orders.listForUser(ctx.user.id)),

  /** One order, for its owner or for the holder of the key that placed it. */
  get: publicProcedure
    .input(z.object({ orderNumber: z.string().regex(/^ND-[A-Z2-7]{8}$/), accessToken: idempotencyKeySchema.optional() }))
    .query(({ ctx, input }) =>
      ctx.services.orders.forViewer(input.orderNumber, {
        userId: ctx.user?.id ?? null,
        accessTokens: input.accessToken ? [input.accessToken] : [],
      }),
    ),
});
