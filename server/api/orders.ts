import { Router } from "express";
import { sendError } from "../http/errors";
import { customerOf } from "../../app/lib/cart-state.server";
import { parseInput } from "../../app/domain/shared/parse-input";
import { contextOf, fieldErrors, noStore } from "./helpers";
import { cartPriceBody, orderNumberParams, placeOrderBody } from "./schemas";
import { placeOrder } from "../adapters/place-order";

/**
 * Cart pricing, placing an order and a customer's orders as JSON: thin adapters over the services the
 * /cart, /checkout and /profile pages use. Spec §7: paths with "orders" are never cached.
 */
export const ordersApi = Router();

ordersApi.post("/cart/price", noStore, (req, res) => {
  const ctx = contextOf(res);
  const { lines, discountCode } = parseInput(cartPriceBody, req.body);
  res.json(ctx.services.cart.price(lines, discountCode, { today: ctx.today, customer: customerOf(ctx.user) }));
});

// 201 paid / redirect / pending; 402 declined (nothing charged, stock released); 409 out of stock or code used.
ordersApi.post("/orders", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const input = parseInput(placeOrderBody, req.body);
  const answer = await placeOrder(ctx, input);
  if (answer.result === "declined") return sendError(req, res, 402, answer.message!);
  res.status(201).json(answer);
});

ordersApi.get("/orders", noStore, (req, res) => {
  const ctx = contextOf(res);
  if (!ctx.user) return sendError(req, res, 401, "Not signed in");
  res.json(ctx.services.orders.listForUser(ctx.user.id));
});

ordersApi.get("/orders/:orderNumber", noStore, (req, res) => {
  const ctx = contextOf(res);
  if (!ctx.user) return sendError(req, res, 401, "Not signed in");
  const params = orderNumberParams.safeParse(req.params);
  if (!params.success) return sendError(req, res, 404, "Order not found.");
  res.json(ctx.services.orders.forViewer(params.data.orderNumber, { userId: ctx.user.id, accessTokens: [] }));
});

ordersApi.use(fieldErrors);
