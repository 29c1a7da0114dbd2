import { isInPageLink } from "~/domain/navigation/in-page-link";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
// Long enough for the anchor's smooth scroll to start and run. Not cleared on scrollend: the end of an earlier
// scroll (the link brought into view) can arrive after the click and would turn smoothing off before it begins.
// Only programmatic and anchor scrolls follow scroll-behavior, and route changes scroll "instant" regardless.
const CLEAR_AFTER_MS = 1500;

/**
 * Smooth scrolling for in-page anchors only: the page scrolls instantly by default (a new page starts at its top
 * at once), and a click on a same-page fragment link turns smooth scrolling on for that one move, unless the
 * shopper asked for reduced motion. Returns the function that removes the listener.
 */
export function smoothInPageScroll(): () => void {
  const html = document.documentElement;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(timer);
    html.style.removeProperty("scroll-behavior");
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || !isInPageLink(link.href, window.location.href)) return;
    if (window.matchMedia(REDUCED_MOTION).matches) return;
    html.style.scrollBehavior = "smooth";
    clearTimeout(timer);
    timer = setTimeout(clear, CLEAR_AFTER_MS);
  };
  document.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("click", onClick);
    clear();
  };
}
