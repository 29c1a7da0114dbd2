import { z } from "../shared/zod";

/** The dispatch queue's "Charge and print slips" for one record's release-day batch. */
export const preOrderBatchSchema = z.object({
  recordId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
