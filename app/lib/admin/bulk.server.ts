import { DomainError } from "~/domain/shared/errors";

export interface BulkOutcome {
  done: string[];
  failed: { orderNumber: string; message: string }[];
}

/**
 * Runs one move per order, each on its own: one refusal (already shipped by a colleague, a pressing not in)
 * does not undo or stop the others, and says which order and why. Anything but a domain refusal is a bug
 * and propagates.
 */
export async function eachOrder<T extends { orderNumber: string }>(
  rows: readonly T[],
  move: (row: T) => unknown,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], failed: [] };
  for (const row of rows) {
    try {
      await move(row);
      outcome.done.push(row.orderNumber);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome.failed.push({ orderNumber: row.orderNumber, message: error.message });
    }
  }
  return outcome;
}
