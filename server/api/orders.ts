import { Router, type RequestHandler, type Response } from "express";
import { sendError } from "../http/errors";
import { PaymentUnavailableError } from "../services/checkout";
import type { OrderView } from "../services/orders";
import { contextOf } from "./helpers";
import { cartPriceBody, orderNumberParams, placeOrderBody } from "./schemas";
import { placeOrder } from "../adapters/place-order";
import { ValidationError } from "../services/errors";

/**
 * Cart pricing, placing an order and a customer's orders as JSON: thin adapters over the services the
 * /cart, /checkout and /profile pages use. Spec §7: paths with "orders" are never cached.
 */
export const ordersApi = Router();

const noStore: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "no-store");
  next();
};

/** What an API client sees of an order: no user id, no payment reference. */
export function toApiOrder({ userId: _u, paymentReference: _r, paymentProvider: _p, ...order }: OrderView) {
  return order;
}

function invalid(res: Response, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.join(".") || "body"] ??= []).push(issue.message);
  const first = issues[0]?.message ?? "Invalid request";
  res.status(400).json({ error: first, message: first, fields });
}

ordersApi.post("/cart/price", noStore, (req, res) => {
  const ctx = contextOf(res);
  const parsed = cartPriceBody.safeParse(req.body);
  if (!parsed.success) return invalid(res, parsed.error.issues);
  const customer = ctx.user ? { userId: ctx.user.id, email: ctx.user.email } : null;
  res.json(ctx.services.cart.price(parsed.data.lines, parsed.data.discountCode, { today: ctx.today, customer }));
});

// 201 paid / redirect / pending; 402 declined (nothing charged, stock released); 409 out of stock or code used.
ordersApi.post("/orders", noStore, async (req, res) => {
  const ctx = contextOf(res);
  const parsed = placeOrderBody.safeParse(req.body);
  if (!parsed.success) return invalid(res, parsed.error.issues);
  try {
    const answer = await placeOrder(ctx, parsed.data);
    if (answer.result === "declined") return sendError(req, res, 402, answer.message!);
    res.status(201).json(answer);
  } catch (error) {
    if (error instanceof ValidationError) return invalid(res, Object.entries(error.fields ?? { body: [error.message] }).flatMap(([f, ms]) => ms.map((m) => ({ path: f.split("."), message: m }))));
    if (error instanceof PaymentUnavailableError) return sendError(req, res, 503, error.message);
    throw error;
  }
});

ordersApi.get("/orders", noStore, (req, res) => {
  const ctx = contextOf(res);
  if (!ctx.user) return sendError(req, res, 401, "Not signed in");
  res.json(ctx.services.orders.listForUser(ctx.user.id).map(toApiOrder));
});

ordersApi.get("/orders/:orderNumber", noStore, (req, res) => {
  const ctx = contextOf(res);
  if (!ctx.user) return sendError(req, res, 401, "Not signed in");
  const params = orderNumberParams.safeParse(req.params);
  if (!params.success) return sendError(req, res, 404, "Order not found.");
  res.json(toApiOrder(ctx.services.orders.forViewer(params.data.orderNumber, { userId: ctx.user.id, accessTokens: [] })));
});
