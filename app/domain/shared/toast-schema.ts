import { z } from "./zod";
import type { Toast } from "./toast";

/** What a toast cookie may hold; anything else is dropped. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().min(1).max(120),
  description: z.string().max(400).optional(),
  duration: z.number().int().min(1000).max(60_000).optional(),
}) satisfies z.ZodType<Toast, unknown>;
