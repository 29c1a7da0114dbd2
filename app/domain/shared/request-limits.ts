/**
 * Bounded work per request, shared by the tRPC client (which splits its batches to fit) and the server (which
 * refuses a batch over them whole). See the bounded-requests decision record in docs/decisions.
 */

/** Queries in one tRPC batch: a page asks for a handful at once. */
export const MAX_BATCH_CALLS = 10;

/** Mutations in one tRPC request: a page never sends two together, so a mutation travels alone. */
export const MAX_BATCH_MUTATIONS = 1;
