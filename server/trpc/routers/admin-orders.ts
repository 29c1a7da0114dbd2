import {
  cancelInputSchema,
  orderListQuerySchema,
  packInputSchema,
  refundInputSchema,
  shipInputSchema,
} from "../../../app/domain/orders/order-admin";
import { orderNumberSchema } from "../../../app/domain/orders/order-status-schema";
import { z } from "../../../app/domain/shared/zod";
import { router, staffProcedure } from "../init";

const byNumber = z.object({ orderNumber: orderNumberSchema });
const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** The back office's orders: the same service and schemas as the order pages. */
export const adminOrdersRouter = router({
  list: staffProcedure("orders.view")
    .input(orderListQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminOrders.list(input)),
  get: staffProcedure("orders.view")
    .input(byNumber)
    .query(({ ctx, input }) => ctx.services.adminOrders.get(input.orderNumber)),
  pack: staffProcedure("orders.dispatch")
    .input(byNumber.extend(packInputSchema.shape))
    .mutation(async ({ ctx, input: { orderNumber, ...move } }) => {
      // A pre-order charged when it ships is charged first: nothing goes out unpaid.
      await ctx.services.preOrderCharges.chargeBeforeDispatch(actorOf(ctx.actor), orderNumber);
      return ctx.services.adminOrders.pack(actorOf(ctx.actor), orderNumber, move);
    }),
  ship: staffProcedure("orders.dispatch")
    .input(byNumber.extend(shipInputSchema.shape))
    .mutation(async ({ ctx, input: { orderNumber, ...move } }) => {
      await ctx.services.preOrderCharges.chargeBeforeDispatch(actorOf(ctx.actor), orderNumber);
      return ctx.services.adminOrders.ship(actorOf(ctx.actor), orderNumber, move);
    }),
  markDelivered: staffProcedure("orders.dispatch")
    .input(byNumber)
    .mutation(({ ctx, input }) => ctx.services.adminOrders.markDelivered(actorOf(ctx.actor), input.orderNumber)),
  cancel: staffProcedure("orders.cancel")
    .input(byNumber.extend(cancelInputSchema.shape))
    .mutation(({ ctx, input: { orderNumber, ...move } }) =>
      ctx.services.adminOrders.cancel(actorOf(ctx.actor), orderNumber, move),
    ),
  refund: staffProcedure("orders.refund")
    .input(byNumber.extend(refundInputSchema.shape))
    .mutation(({ ctx, input: { orderNumber, ...move } }) =>
      ctx.services.adminOrders.refund(actorOf(ctx.actor), orderNumber, move),
    ),
});
