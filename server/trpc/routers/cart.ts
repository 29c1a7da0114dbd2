import { customerOf } from "../../../app/domain/cart/cart";
import { cartPriceSchema, deliveryWishOf } from "../../../app/domain/cart/cart-lines";
import { publicProcedure, router } from "../init";

/** The cart priced from the database: callers send record ids and quantities only (as POST /api/cart/price). */
export const cartRouter = router({
  price: publicProcedure.input(cartPriceSchema).query(({ ctx, input }) =>
    ctx.services.cart.price(input.lines, input.discountCode, {
      today: ctx.today,
      customer: customerOf(ctx.user),
      delivery: deliveryWishOf(input),
    }),
  ),
});
