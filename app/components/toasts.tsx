import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import { TOAST_DURATION_MS, toastDuration, type Toast } from "~/domain/shared/toast";

/**
 * Shows the toast the server handed over (after a redirect). With JavaScript it pops up through
 * sonner; without, the same words are rendered in a <noscript> banner at the top of the page.
 */
export function Toasts({ toast }: { toast: Toast | null }) {
  return (
    <>
      {/* Below the sticky header (about 65 px), so a toast never covers the menu, cart or account buttons. */}
      <Toaster
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        position="top-center"
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
      />
      <ToastNow toast={toast} />
    </>
  );
}

/**
 * Pops `toast` up in the browser whenever a new one arrives (a fetcher's answer, an action's result).
 * Nothing is rendered: for pages that also work without JavaScript, use ToastNow.
 */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "success" ? showToast.success : showToast;
    // Spec §4: only one toast at a time. visibleToasts={1} alone only fades the older ones out behind the new
    // one, and they come back when it closes; a new toast replaces whatever is showing instead.
    showToast.dismiss();
    show(toast.title, { description: toast.description, duration: toastDuration(toast) });
  }, [toast]);
}

/** Shows one toast now: a page's own action result, or the one handed over by the root. */
export function ToastNow({ toast }: { toast: Toast | null }) {
  useToast(toast);
  return (
    <>
      {toast && (
        <noscript>
          <div
            role="status"
            className={`mx-4 mt-4 rounded-lg border px-4 py-3 text-sm shadow-sm lg:mx-8 ${
              toast.type === "error"
                ? "border-red-300 bg-red-50 text-red-900"
                : "border-emerald-300 bg-emerald-50 text-emerald-900"
            }`}
          >
            <strong className="block">{toast.title}</strong>
            {toast.description && <span>{toast.description}</span>}
          </div>
        </noscript>
      )}
    </>
  );
}
