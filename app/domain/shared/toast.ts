/*
 * Toast types and timing, free of zod: every page's first load shows toasts. The cookie's schema is in
 * toast-schema.ts, which only the server reads.
 */

/** Spec §4: toasts last 5 s by default; only one is visible at a time. */
export const TOAST_DURATION_MS = 5000;

/** A message shown once after an action, also across a redirect (spec §8 titles and texts). */
export interface Toast {
  type: "success" | "error" | "info";
  title: string;
  description?: string | undefined;
  /** How long it stays, in ms, when not the default (spec §9: the add-to-cart toast lasts 3000 ms). */
  duration?: number | undefined;
}

/** How long a toast stays: its own duration (the add-to-cart toast's 3000 ms, spec §9) or the 5 s default. */
export function toastDuration(toast: Pick<Toast, "duration">): number {
  return toast.duration ?? TOAST_DURATION_MS;
}
