import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Icon } from "~/components/icons/icon";
import { currentSection, sectionsFor } from "~/domain/admin/sections";

type NavProps = {
  pathname: string;
  permissions: readonly string[];
  /** What waits in a section, by its path (returns to decide or refund), shown beside its name. */
  counts?: Readonly<Record<string, number>>;
};

/**
 * The back office's sections the person's role may open, the current one marked for eyes (colour and weight) and
 * for screen readers (aria-current). `columns` lays them out two or three across (the narrow-screen menu).
 */
function SectionLinks({ pathname, permissions, counts = {}, columns = false }: NavProps & { columns?: boolean }) {
  const current = currentSection(pathname);
  return (
    <ul className={columns ? "grid grid-cols-2 gap-1 sm:grid-cols-3" : "space-y-0.5"}>
      {sectionsFor(permissions).map((s) => {
        const active = current?.path === s.path;
        const waiting = counts[s.path] ?? 0;
        return (
          <li key={s.path}>
            <Link
              to={s.path}
              aria-current={active ? "page" : undefined}
              className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${
                active ? "bg-stone-900 font-semibold text-white" : "text-stone-700 hover:bg-stone-200"
              }`}
            >
              {s.title}
              {waiting > 0 && (
                <span
                  className={`rounded-full px-1.5 text-xs font-semibold tabular-nums ${active ? "bg-white text-stone-900" : "bg-needle text-white"}`}
                >
                  {waiting}
                  <span className="sr-only"> waiting</span>
                </span>
              )}
              {!s.built && <span className={`text-[10px] uppercase ${active ? "text-stone-300" : "text-stone-500"}`}>soon</span>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** From 1024 px: the sections in a rail down the left, always there, scrolling on its own below the top bar. */
export function AdminRail(props: NavProps) {
  return (
    <nav
      aria-label="Back office"
      className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-52 shrink-0 overflow-y-auto border-r border-stone-200 bg-white px-3 py-4 lg:block print:hidden"
    >
      <SectionLinks {...props} />
    </nav>
  );
}

/**
 * Below 1024 px: a Menu button in the top bar that drops the sections down under it. A <details> element, so it
 * opens and closes without JavaScript; with JavaScript it also closes on Escape (focus back on the button) and once
 * a section is chosen. The rail is display:none at these widths, so only one "Back office" navigation is ever seen.
 */
export function AdminMenu(props: NavProps) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => menu.current?.removeAttribute("open"), [location.key]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.removeAttribute("open");
      menu.current.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details ref={menu} className="group lg:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-ink hover:bg-stone-200 group-open:bg-stone-200 [&::-webkit-details-marker]:hidden">
        <Icon name="menu" className="h-5 w-5" />
        Menu
      </summary>
      <nav
        aria-label="Back office"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-stone-200 bg-white px-4 py-3 shadow-lg"
      >
        <SectionLinks {...props} columns />
      </nav>
    </details>
  );
}
