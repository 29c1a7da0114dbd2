/** Typed domain errors: services throw them, each adapter maps them to its own error form. */
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
export class ConflictError extends DomainError {}
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

/** Too many failed password checks: refused before any is run. */
export class TooManyAttemptsError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

export function httpStatusOf(error: unknown): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ValidationError) return 400;
  if (error instanceof InvalidCredentialsError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ConflictError || error instanceof OutOfStockError) return 409;
  if (error instanceof TooManyAttemptsError) return 429;
  return 500;
}
