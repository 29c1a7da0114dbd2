/** Typed domain errors: services throw them, each adapter maps them to its own error form. */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {}
export class ValidationError extends DomainError {}
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

export function httpStatusOf(error: unknown): number {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ValidationError) return 400;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ConflictError || error instanceof OutOfStockError) return 409;
  return 500;
}
