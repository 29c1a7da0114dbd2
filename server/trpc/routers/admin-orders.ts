import {
  cancelInputSchema,
  orderListQuerySchema,
  packInputSchema,
  refundInputSchema,
  shipInputSchema,
} from "../../../app/domain/orders/order-admin";
import { orderNumberSchema } from "../../../app/domain/orders/order-status";
import { z } from "../../../app/domain/shared/zod";
import { adminProcedure, router } from "../init";

const byNumber = z.object({ orderNumber: orderNumberSchema });
const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** The back office's orders: the same service and schemas as the order pages. */
export const adminOrdersRouter = router({
  list: adminProcedure.input(orderListQuerySchema).query(({ ctx, input }) => ctx.services.adminOrders.list(input)),
  get: adminProcedure.input(byNumber).query(({ ctx, input }) => ctx.services.adminOrders.get(input.orderNumber)),
  pack: adminProcedure
    .input(byNumber.extend(packInputSchema.shape))
    .mutation(({ ctx, input: { orderNumber, ...move } }) => ctx.services.adminOrders.pack(actorOf(ctx.user), orderNumber, move)),
  ship: adminProcedure
    .input(byNumber.extend(shipInputSchema.shape))
    .mutation(({ ctx, input: { orderNumber, ...move } }) => ctx.services.adminOrders.ship(actorOf(ctx.user), orderNumber, move)),
  markDelivered: adminProcedure
    .input(byNumber)
    .mutation(({ ctx, input }) => ctx.services.adminOrders.markDelivered(actorOf(ctx.user), input.orderNumber)),
  cancel: adminProcedure
    .input(byNumber.extend(cancelInputSchema.shape))
    .mutation(({ ctx, input: { orderNumber, ...move } }) =>
      ctx.services.adminOrders.cancel(actorOf(ctx.user), orderNumber, move),
    ),
  refund: adminProcedure
    .input(byNumber.extend(refundInputSchema.shape))
    .mutation(({ ctx, input: { orderNumber, ...move } }) =>
      ctx.services.adminOrders.refund(actorOf(ctx.user), orderNumber, move),
    ),
});
