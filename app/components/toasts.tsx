import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_DURATION_MS, toastDuration, type Toast } from "~/domain/shared/toast";

// The back office's band comes with its first toast, like sonner: the shop's first load carries neither.
const InlineToasts = lazy(() => import("./inline-toasts").then((m) => ({ default: m.InlineToasts })));

type Sonner = typeof import("sonner");

/*
 * sonner is loaded with the first toast, not with the page (decision 27): most visits never see one. It keeps
 * toasts made before its <Toaster> mounts and shows them once it does.
 */
let sonner: Promise<Sonner> | undefined;
const whenLoaded = new Set<(module: Sonner) => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    void sonner.then((module) => whenLoaded.forEach((mount) => mount(module)));
  }
  return sonner;
}

/** Pops a toast up in the browser. Spec §4: one at a time, so it replaces whatever is showing. */
export function showToast(toast: Toast): void {
  void loadSonner().then(({ toast: sonnerToast }) => {
    const show = toast.type === "error" ? sonnerToast.error : toast.type === "success" ? sonnerToast.success : sonnerToast;
    // visibleToasts={1} alone only fades the older ones out behind the new one, and they come back when it closes.
    sonnerToast.dismiss();
    show(toast.title, { description: toast.description, duration: toastDuration(toast) });
  });
}

/**
 * Shows the toast the server handed over (after a redirect). With JavaScript it pops up through
 * sonner; without, the same words are rendered in a <noscript> banner at the top of the page. `inline` (the back
 * office): the toast opens a band in the page's flow instead of floating over it (InlineToasts).
 */
export function Toasts({ toast, inline = false }: { toast: Toast | null; inline?: boolean }) {
  const [loaded, setLoaded] = useState<Sonner | null>(null);
  useEffect(() => {
    whenLoaded.add(setLoaded);
    if (sonner) void sonner.then(setLoaded);
    return () => void whenLoaded.delete(setLoaded);
  }, []);
  const Toaster = loaded?.Toaster;
  const place = useToastPlace(!!Toaster && !inline);
  return (
    <>
      {/* The shop's float where they cover no heading and none of the header's buttons (useToastPlace). */}
      {Toaster && !inline && (
        <Toaster
          visibleToasts={1}
          duration={TOAST_DURATION_MS}
          position={place.wide ? "bottom-right" : "top-center"}
          offset={place.wide ? { bottom: 24, right: 24 } : { top: place.top }}
          mobileOffset={{ top: place.top }}
          richColors
          closeButton
        />
      )}
      {loaded && inline && (
        <Suspense fallback={null}>
          <InlineToasts sonner={loaded} />
        </Suspense>
      )}
      <ToastNow toast={toast} />
    </>
  );
}

/**
 * Where the shop's floating toasts go. On a wide screen (the side navigation shown) the bottom right corner, clear of
 * the page's heading and the chat button (bottom left); narrower, just below the sticky header, measured, because
 * it is one line on tablets and two (the search on its own line) on phones.
 */
function useToastPlace(active: boolean): { wide: boolean; top: number } {
  const [place, setPlace] = useState({ wide: false, top: 76 });
  useEffect(() => {
    if (!active) return;
    const header = document.querySelector(".site-header");
    const wide = window.matchMedia("(min-width: 1024px)");
    const measure = () => setPlace({ wide: wide.matches, top: Math.round(header?.getBoundingClientRect().height ?? 64) + 12 });
    measure();
    const observer = new ResizeObserver(measure);
    if (header) observer.observe(header);
    wide.addEventListener("change", measure);
    return () => {
      observer.disconnect();
      wide.removeEventListener("change", measure);
    };
  }, [active]);
  return place;
}

/**
 * Pops `toast` up in the browser whenever a new one arrives (a fetcher's answer, an action's result).
 * Nothing is rendered: for pages that also work without JavaScript, use ToastNow.
 */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
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
