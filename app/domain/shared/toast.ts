import { z } from "./zod";

/** Spec §4: toasts last 5 s by default; only one is visible at a time. */
export const TOAST_DURATION_MS = 5000;

/** A message shown once after an action, also across a redirect (spec §8 titles and texts). */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().min(1).max(120),
  description: z.string().max(400).optional(),
  /** How long it stays, in ms, when not the default (spec §9: the add-to-cart toast lasts 3000 ms). */
  duration: z.number().int().min(1000).max(60_000).optional(),
});

export type Toast = z.infer<typeof toastSchema>;

/** How long a toast stays: its own duration (the add-to-cart toast's 3000 ms, spec §9) or the 5 s default. */
export function toastDuration(toast: Pick<Toast, "duration">): number {
  return toast.duration ?? TOAST_DURATION_MS;
}
