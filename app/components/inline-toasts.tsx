import { useEffect, useState } from "react";
import { Icon } from "~/components/icons/icon";
import { TOAST_DURATION_MS } from "~/domain/shared/toast";

type Sonner = typeof import("sonner");
type Shown = ReturnType<Sonner["useSonner"]>["toasts"][number];

const tone = {
  success: { box: "border-emerald-300 bg-emerald-50 text-emerald-950", icon: "circle-check" },
  error: { box: "border-red-300 bg-red-50 text-red-950", icon: "circle-alert" },
  info: { box: "border-sky-300 bg-sky-50 text-sky-950", icon: "info" },
} as const;

/**
 * The back office's toasts, in the page's own flow (decision 68): a band at the top of the page's column that the
 * toast opens and closes, so it pushes the heading down instead of lying over it or over a button. It sticks
 * below the top bar when the page has been scrolled (a row's button answering further down). sonner keeps the
 * toasts (showToast, one at a time); this draws the newest and closes it after its duration. Its own data-toast
 * attribute, not sonner's: sonner's stylesheet would float anything marked as one of its toasts.
 */
export function InlineToasts({ sonner }: { sonner: Sonner }) {
  const { toasts } = sonner.useSonner();
  const shown = toasts[0];
  return (
    <div aria-live="polite" className="sticky top-14 z-20 print:hidden">
      {shown && <InlineToast key={shown.id} toast={shown} dismiss={sonner.toast.dismiss} />}
    </div>
  );
}

function InlineToast({ toast, dismiss }: { toast: Shown; dismiss: (id: Shown["id"]) => void }) {
  // A pointer resting on the toast holds it, as sonner's own do.
  const [held, setHeld] = useState(false);
  const duration = toast.duration ?? TOAST_DURATION_MS;
  useEffect(() => {
    if (held || !Number.isFinite(duration)) return;
    const timer = setTimeout(() => dismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [held, duration, dismiss, toast.id]);
  const type = toast.type === "success" || toast.type === "error" ? toast.type : "info";
  const title = typeof toast.title === "function" ? toast.title() : toast.title;
  const description = typeof toast.description === "function" ? toast.description() : toast.description;
  return (
    <div
      data-toast=""
      data-type={toast.type === "default" ? undefined : toast.type}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      className={`mb-4 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-md ${tone[type].box}`}
    >
      <Icon name={tone[type].icon} className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {description && <p className="mt-0.5">{description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Close toast"
        className="-m-1 rounded p-1 hover:bg-black/5"
      >
        <Icon name="x" className="h-4 w-4" />
      </button>
    </div>
  );
}
