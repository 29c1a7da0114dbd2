import { Router } from "express";
import type { Services } from "../services";

/** POST /api/payments/webhook: being built (Stripe events, signature-verified). */
export function paymentWebhook(_services: Services): Router {
  return Router();
}
