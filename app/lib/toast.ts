import { z } from "~/lib/zod";

/** A message shown once after an action, also across a redirect (spec §8 titles and texts). */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().min(1).max(120),
  description: z.string().max(400).optional(),
});

export type Toast = z.infer<typeof toastSchema>;

/** Spec §4: toasts last 5 s by default; only one is visible at a time. */
export const TOAST_DURATION_MS = 5000;
