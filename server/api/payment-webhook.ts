/**
 * POST /api/payments/webhook: the payment provider reports what happened on its hosted page, and what
 * happened to record club subscriptions (one endpoint, one signature check; dispatched by what the event is).
 * Mounted before the Origin check and the shared body buffering: the caller is the provider's server
 * (no Origin header) and the signature is computed over the exact bytes, so the body is read raw here.
 * Payloads and secrets are never logged.
 */
import express, { Router, type ErrorRequestHandler, type RequestHandler } from "express";
import { WebhookSignatureError } from "../payments/provider";
import type { Services } from "../services";

export const WEBHOOK_BODY_LIMIT = "256kb";

export function paymentWebhook(services: Services): Router {
  const router = Router();
  const { checkout, club } = services;
  const provider = checkout.provider;

  // Without a redirect provider nobody may post outcomes: the route does not exist.
  if (provider.kind !== "redirect") {
    router.post("/", (_req, res) => {
      res.status(404).json({ error: "Not found." });
    });
    return router;
  }

  const receive: RequestHandler = (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let outcome;
    try {
      outcome = provider.readWebhook(raw, req.get("stripe-signature") || undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        res.status(400).json({ error: "Invalid signature." });
        return;
      }
      throw error;
    }
    if (outcome.type === "card_saved") {
      // Reading the saved card asks the provider: answered once it is kept (a failure is retried by the provider).
      checkout.applyCardSaved(outcome).then(
        (result) => {
          if (!result.applied) console.warn(`[payments] saved card for ${outcome.orderNumber} not applied: ${result.reason}.`);
          res.status(200).json({ received: true });
        },
        (error: unknown) => {
          console.error("[payments] reading a saved card failed:", error instanceof Error ? error.message : "unknown error");
          res.status(500).json({ error: "Something went wrong on our side." });
        },
      );
      return;
    }
    if (outcome.type === "club") {
      // Replays and events already reflected are normal (Stripe delivers at least once): not applied, not logged.
      club.applyStripeEvent(outcome.event);
    } else {
      const result = checkout.applyWebhook(outcome);
      if (!result.applied && outcome.type !== "ignored") {
        console.warn(`[payments] webhook for ${outcome.orderNumber} not applied: ${result.reason ?? "no reason given"}.`);
      }
    }
    // Ignored and unapplied events are still acknowledged, or the provider would keep retrying them.
    res.status(200).json({ received: true });
  };

  const failed: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    if (res.headersSent) return;
    const e = (err ?? {}) as { type?: string; status?: number };
    if (e.type === "entity.too.large" || e.status === 413) {
      res.status(413).json({ error: "Request body is too large." });
      return;
    }
    if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
      res.status(400).json({ error: "Unreadable request body." });
      return;
    }
    // The message only: an error object could carry the request body along.
    console.error("[payments] webhook handling failed:", err instanceof Error ? `${err.name}: ${err.message}` : "unknown error");
    res.status(500).json({ error: "Something went wrong on our side." });
  };

  router.post("/", express.raw({ type: "*/*", limit: WEBHOOK_BODY_LIMIT }), receive);
  router.use(failed);
  return router;
}
