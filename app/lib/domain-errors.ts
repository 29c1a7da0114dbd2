/**
 * Services throw typed domain errors (server/services/errors.ts). Route modules may not import server
 * code, so they recognise those errors by name; anything unrecognised is re-thrown as a real failure.
 */
export type DomainErrorName =
  | "NotFoundError"
  | "ValidationError"
  | "ForbiddenError"
  | "ConflictError"
  | "OutOfStockError"
  | "InvalidCredentialsError"
  | "TooManyAttemptsError";

export function domainError(error: unknown, ...names: DomainErrorName[]): (Error & { retryAfterSeconds?: number }) | null {
  return error instanceof Error && (names as string[]).includes(error.name) ? error : null;
}
