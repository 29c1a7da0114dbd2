/**
 * Typed domain errors: services throw them, and each adapter (page action, REST shim, tRPC procedure) tells
 * them apart with `instanceof` and maps them to its own error form: httpStatusOf for HTTP, a TRPCError code
 * for tRPC, a message on the form for pages. A failure that is none of them is a bug (a 500).
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {}
export class ValidationError extends DomainError {
  constructor(
    message: string,
    /** Messages per input field, for forms that show them beside each field. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}
export class ForbiddenError extends DomainError {}
export class ConflictError extends DomainError {
  constructor(
    message: string,
    /** The field the clash is about (a code or a slug already taken), for a form to show its message beside it. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}
export class OutOfStockError extends DomainError {
  constructor(
    readonly recordId: number,
    readonly title: string,
  ) {
    super(`Sorry, "${title}" is out of stock.`);
  }
}

/** A failed sign-in. One message whether or not the account exists, so it reveals neither. */
export class InvalidCredentialsError extends DomainError {
  constructor() {
    super("Invalid username or password");
  }
}

/** Over a rate limit (failed password checks, sign-ups, checkouts …): refused before any work is done. */
export class TooManyAttemptsError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    reason = "Too many failed login attempts.",
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`${reason} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

/** The payment provider could not be reached: the order was not placed (its stock and code went back). */
export class PaymentUnavailableError extends DomainError {
  constructor() {
    super("We could not reach the payment provider. Nothing has been charged; please try again in a moment.");
  }
}

export function httpStatusOf(error: unknown): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ValidationError) return 400;
  if (error instanceof InvalidCredentialsError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ConflictError || error instanceof OutOfStockError) return 409;
  if (error instanceof TooManyAttemptsError) return 429;
  if (error instanceof PaymentUnavailableError) return 503;
  return 500;
}

/** What a page shows when a domain error refuses a form: the status, the message, and messages per field. */
export interface FormFailure {
  status: number;
  message: string;
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/** The Retry-After header a refused form's answer carries, if it was over a rate limit. */
export function retryAfterHeaders(failure: FormFailure): Record<string, string> {
  return failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
}

/**
 * A domain error as a page action answers it (a wrong password is a 400 on a form, not a 401); null for
 * anything else, which the action re-throws as the bug it is.
 */
export function formFailureOf(error: unknown): FormFailure | null {
  if (!(error instanceof DomainError)) return null;
  return {
    status: error instanceof InvalidCredentialsError ? 400 : httpStatusOf(error),
    message: error.message,
    ...((error instanceof ValidationError || error instanceof ConflictError) && error.fields ? { fields: error.fields } : {}),
    ...(error instanceof TooManyAttemptsError ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}
