/** The payment providers' interfaces are pure types in app/domain/payments; the server adds the webhook's error. */
export class WebhookSignatureError extends Error {
  constructor(message = "Webhook signature verification failed.") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
