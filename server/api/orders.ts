import { Router, type ErrorRequestHandler } from "express";
import { amountDueOf, PriceChangedError } from "../../app/domain/checkout/price-quote";
import { customerOf } from "../../app/domain/cart/cart";
import { deliveryWishOf } from "../../app/domain/cart/cart-lines";
import { toPlaceOrderAnswer } from "../contract/answers";
import { OPERATIONS } from "../contract/operations";
import { sendError } from "../http/errors";
import { contextOf, fieldErrors, inputOf, noStore, routeOf } from "./helpers";

/**
 * Cart pricing, placing an order and a customer's orders as JSON: thin adapters over the services the
 * /cart, /checkout and /profile pages use. Spec §7: paths with "orders" are never cached.
 */
export const ordersApi = Router();

ordersApi.post(routeOf(OPERATIONS.priceCart), noStore, (req, res) => {
  const ctx = contextOf(res);
  const body = inputOf(OPERATIONS.priceCart, req).body;
  const customer = customerOf(ctx.user);
  res.json(
    ctx.services.cart.price(body.lines, body.discountCode, { today: ctx.today, customer, delivery: deliveryWishOf(body) }),
  );
});

// 201 paid / redirect / pending; 402 declined (nothing charged, stock released); 409 out of stock, code used or
// a total that is not the expectedTotalPence sent.
ordersApi.post(routeOf(OPERATIONS.placeOrder), noStore, async (req, res) => {
  const ctx = contextOf(res);
  const { body } = inputOf(OPERATIONS.placeOrder, req);
  ctx.services.rateLimits.takeForAddress("checkoutPerAddress", ctx.clientIp);
  const placer = {
    userId: ctx.user?.id ?? null,
    today: ctx.today,
    origin: ctx.auth.linkOrigin,
    channel: "api" as const,
    dropSessionKey: ctx.dropSessionKey ?? null,
  };
  const answer = toPlaceOrderAnswer(await ctx.services.checkout.placeOrder(body, placer));
  if (answer.result === "declined") return sendError(req, res, 402, answer.message!);
  res.status(201).json(answer);
});

ordersApi.get(routeOf(OPERATIONS.listOrders), noStore, (req, res) => {
  const ctx = contextOf(res);
  if (!ctx.user) return sendError(req, res, 401, "Not signed in");
  res.json(ctx.services.orders.listForUser(ctx.user.id));
});

// A malformed order number is answered like someone else's order: 404, revealing nothing.
ordersApi.get(routeOf(OPERATIONS.getOrder), noStore, (req, res) => {
  const ctx = contextOf(res);
  if (!ctx.user) return sendError(req, res, 401, "Not signed in");
  const params = OPERATIONS.getOrder.params.safeParse(req.params);
  if (!params.success) return sendError(req, res, 404, "Order not found.");
  res.json(ctx.services.orders.forViewer(params.data.orderNumber, { userId: ctx.user.id, accessTokens: [] }));
});

// The total (or the card's part after gift vouchers) changed since the client priced it: 409 with the new figures, to
// send back as expectedTotalPence and expectedAmountDuePence.
ordersApi.use(((err, _req, res, next) => {
  if (!(err instanceof PriceChangedError) || res.headersSent) return next(err);
  res.set("Cache-Control", "no-store");
  res.status(409).json({
    error: err.message,
    message: err.message,
    expectedTotalPence: err.expectedTotalPence,
    totalPence: err.quote.totalPence,
    ...(err.expectedAmountDuePence !== undefined
      ? { expectedAmountDuePence: err.expectedAmountDuePence, amountDuePence: amountDueOf(err.quote) }
      : {}),
  });
}) satisfies ErrorRequestHandler);

ordersApi.use(fieldErrors);
