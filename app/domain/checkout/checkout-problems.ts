/**
 * Why placing an order failed, as the checkout page says it: a notice about the whole checkout (not one field), which
 * says that nothing has been charged, and sends the shopper back to the cart when a record can no longer be bought.
 */
import {
  ConflictError,
  OutOfStockError,
  PaymentUnavailableError,
  TooManyAttemptsError,
  ValidationError,
} from "~/domain/shared/errors";

export interface CheckoutProblem {
  tone: "error" | "info";
  message: string;
  /** Show a link back to the cart (a record can no longer be bought as asked). */
  cartLink?: boolean;
  /** What changed since the page was shown (a price, delivery, the discount), the new total last. */
  changes?: string[];
}

export interface CheckoutRefusal {
  status: number;
  problem: CheckoutProblem | null;
  fieldErrors?: Record<string, string[]>;
  headers?: Record<string, string>;
}

const NOTHING_CHARGED = "Nothing has been charged.";

/** The page's answer to a failure the shopper can act on; null for anything else (a bug, thrown on). */
export function checkoutProblemOf(error: unknown): CheckoutRefusal | null {
  if (error instanceof TooManyAttemptsError)
    return {
      status: 429,
      problem: { tone: "error", message: `${error.message} ${NOTHING_CHARGED}` },
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    };
  if (error instanceof OutOfStockError)
    return { status: 409, problem: { tone: "error", message: `${error.message} ${NOTHING_CHARGED}`, cartLink: true } };
  // A refusal about fields is said beside them: a code used up meanwhile, like any refused code; the phone, the
  // postcode or the delivery service the order service refused for the country.
  if (error instanceof ValidationError && error.fields && Object.keys(error.fields).length > 0)
    return { status: 400, problem: null, fieldErrors: error.fields };
  if (error instanceof ValidationError) return { status: 400, problem: { tone: "error", message: error.message } };
  if (error instanceof ConflictError) return { status: 409, problem: { tone: "error", message: error.message } };
  if (error instanceof PaymentUnavailableError) return { status: 503, problem: { tone: "error", message: error.message } };
  return null;
}
