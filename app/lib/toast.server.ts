import { createCookie, redirect } from "react-router";
import type { Toast } from "~/domain/shared/toast";
import { toastSchema } from "~/domain/shared/toast-schema";

// A short-lived flash cookie: set by an action, read and cleared by the root loader on the next page.
// It carries display text only; whatever it holds is validated before use and rendered as text.
const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

/** Redirects (303, so a form post becomes a GET) and shows `toast` on the page it lands on. */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { status: 303, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(raw);
  const clear = await toastCookie.serialize("", { maxAge: 0 });
  return { toast: parsed.success ? parsed.data : null, clear };
}
