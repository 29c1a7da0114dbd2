import { currentSection, sectionsFor } from "~/domain/admin/sections";
import { Link } from "react-router";

/**
 * The back office's own navigation: a column beside the page from 1024 px, a row that scrolls sideways
 * below it. Only the sections the person's role may open are offered. The current section is marked for eyes (colour and weight) and for screen readers (aria-current).
 */
export function AdminNav({ pathname, permissions }: { pathname: string; permissions: readonly string[] }) {
  const current = currentSection(pathname);
  return (
    <nav aria-label="Back office" className="lg:w-56 lg:shrink-0">
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
        {sectionsFor(permissions).map((s) => {
          const active = current?.path === s.path;
          return (
            <li key={s.path} className="shrink-0">
              <Link
                to={s.path}
                aria-current={active ? "page" : undefined}
                className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm whitespace-nowrap ${
                  active ? "bg-stone-900 font-semibold text-white" : "text-stone-700 hover:bg-stone-200"
                }`}
              >
                {s.title}
                {!s.built && (
                  <span className={`text-[10px] uppercase ${active ? "text-stone-300" : "text-stone-500"}`}>soon</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
