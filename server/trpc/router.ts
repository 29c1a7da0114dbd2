import { router } from "./init";
import { adminRouter } from "./routers/admin";
import { catalogueRouter } from "./routers/catalogue";
import { recommendationsRouter } from "./routers/recommendations";
import { searchRouter } from "./routers/search";
import { subscribeRouter } from "./routers/subscribe";
import { cartRouter } from "./routers/cart";
import { checkoutRouter } from "./routers/checkout";
import { giftVouchersRouter } from "./routers/gift-vouchers";
import { ordersRouter } from "./routers/orders";
import { clubRouter } from "./routers/club";
import { wantsRouter } from "./routers/wants";

export const appRouter = router({
  catalogue: catalogueRouter,
  search: searchRouter,
  recommendations: recommendationsRouter,
  subscribe: subscribeRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  giftVouchers: giftVouchersRouter,
  orders: ordersRouter,
  club: clubRouter,
  wants: wantsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
