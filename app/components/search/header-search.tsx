import { Icon } from "~/components/icons/icon";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { displayCoverUrl } from "~/domain/catalogue/cover";
import { recordPath } from "~/domain/catalogue/slug";
import { albumImageUrl, isShopImagePath } from "~/domain/images/image-url";
import { useHydrated } from "~/lib/use-hydrated";
import type { SearchSuggestion } from "~/domain/search/suggestion";
import type { SuggestResult } from "./suggest-query";
import {
  moveActive,
  noResultsText,
  optionId,
  popupState,
  SEARCH_FAILED_TEXT,
  SEARCHING_TEXT,
  seeAllText,
  type PopupState,
} from "~/domain/search/combobox";
import {
  browseSearchHref,
  isSearchable,
  MAX_SEARCH_CHARS,
  normaliseSearchText,
  SEARCH_DEBOUNCE_MS,
} from "~/domain/search/search-rules";

/** The value, once it has stopped changing for `delay` ms. */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** On /browse the box shows the search being looked at; elsewhere it starts empty. */
function searchFromLocation(pathname: string, search: string): string {
  return pathname === "/browse" ? (new URLSearchParams(search).get("q") ?? "") : "";
}

const SuggestQuery = lazy(() => import("./suggest-query"));
const NOTHING_YET: SuggestResult = { data: undefined, pending: true, failed: false };

const COVER_PX = 40;
const LISTBOX_ID = "site-search-listbox";

/** A cover thumbnail through the image endpoint (64 px, enough for a 40 px box on a 1.5× screen). */
function Thumbnail({ src }: { src: string }) {
  const display = displayCoverUrl(src);
  const url = display && isShopImagePath(display) ? albumImageUrl(display, { width: 64, height: 64 }) : display;
  return url ? (
    <img
      src={url}
      alt=""
      width={COVER_PX}
      height={COVER_PX}
      loading="lazy"
      decoding="async"
      className="h-10 w-10 shrink-0 rounded bg-stone-200 object-cover"
    />
  ) : (
    <span aria-hidden className="h-10 w-10 shrink-0 rounded bg-stone-200" />
  );
}

export interface SuggestionListProps {
  listboxId: string;
  state: PopupState;
  items: SearchSuggestion[];
  total: number;
  active: number;
  onChoose: () => void;
  onHover: (index: number) => void;
}

/**
 * The popup: a status line while searching or when nothing matched, else the listbox of records (each a link to
 * its page) and "See all {n} results". Options are links with role="option", so they also open in a new tab.
 * Rendered by the browser only (the combobox needs JavaScript).
 */
export function SuggestionList({ listboxId, state, items, total, active, onChoose, onHover }: SuggestionListProps) {
  const open = state.kind !== "closed";
  const status =
    state.kind === "loading"
      ? SEARCHING_TEXT
      : state.kind === "empty"
        ? noResultsText(state.query)
        : state.kind === "failed"
          ? SEARCH_FAILED_TEXT
          : null;
  const option = (index: number) =>
    `flex items-center gap-3 px-3 py-2 text-sm outline-none ${index === active ? "bg-stone-200" : "hover:bg-stone-100"}`;
  return (
    <div
      hidden={!open}
      className="absolute inset-x-2 top-full z-40 mt-2 overflow-hidden rounded-xl md:inset-x-0 bg-white shadow-lg ring-1 ring-stone-200"
      // Keeps focus in the box while an option is clicked (the click still follows the link).
      onMouseDown={(e) => e.preventDefault()}
    >
      {status && (
        <p role="status" className="px-4 py-3 text-sm text-stone-700">
          {status}
        </p>
      )}
      <div id={listboxId} role="listbox" aria-label="Search suggestions">
        {state.kind === "results" && (
          <>
            {items.map((item, index) => (
              <Link
                key={item.id}
                id={optionId(listboxId, index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                to={recordPath(item)}
                onClick={onChoose}
                onMouseMove={() => onHover(index)}
                className={option(index)}
              >
                <Thumbnail src={item.coverUrl} />
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-ink">{item.title}</span>
                  <span className="block truncate text-stone-600">{item.artist}</span>
                </span>
              </Link>
            ))}
            <Link
              id={optionId(listboxId, items.length)}
              role="option"
              aria-selected={items.length === active}
              tabIndex={-1}
              to={browseSearchHref(state.query)}
              onClick={onChoose}
              onMouseMove={() => onHover(items.length)}
              className={`${option(items.length)} justify-center border-t border-stone-200 font-semibold text-needle-dark`}
            >
              {seeAllText(total)}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The header's search box (spec §2). Without JavaScript: a plain GET form to /browse, which the browser will
 * not send empty or blank (required, pattern). With it: a WAI-ARIA combobox whose popup lists up to 8 records
 * 300 ms after the typing stops (2+ characters), read through the tRPC search.suggest query and kept 60 s.
 * Escape, choosing an option and submitting close it; ↓/↑ move through the options and Enter opens one.
 */
export function HeaderSearch() {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const listboxId = LISTBOX_ID;
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLFormElement>(null);

  const [text, setText] = useState(() => searchFromLocation(location.pathname, location.search));
  const [dismissed, setDismissed] = useState(true);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const query = normaliseSearchText(debounced);

  const enabled = hydrated && !dismissed && isSearchable(query);
  // The query's code loads when it is first wanted and stays: its cache then serves the box's later searches.
  const [queryWanted, setQueryWanted] = useState(false);
  useEffect(() => {
    if (enabled) setQueryWanted(true);
  }, [enabled]);
  const [suggestions, setSuggestions] = useState<SuggestResult>(NOTHING_YET);
  const items = suggestions.data?.items ?? [];
  const state = hydrated
    ? popupState({
        dismissed,
        text,
        debounced,
        pending: suggestions.pending,
        failed: suggestions.failed,
        resultCount: items.length,
      })
    : ({ kind: "closed" } as const);
  const optionCount = state.kind === "results" ? items.length + 1 : 0;

  // A new page: close the popup and show that page's search (or nothing) in the box.
  useEffect(() => {
    setDismissed(true);
    setActive(-1);
    setText(searchFromLocation(location.pathname, location.search));
  }, [location.pathname, location.search]);

  // Text typed before the page came alive is kept (React would otherwise put the server's value back).
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== text) setText(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration: later text is React's own
  }, []);

  // New results: no option is active until an arrow key says so.
  useEffect(() => setActive(-1), [query, suggestions.data]);

  // A click or tap anywhere outside the box closes the popup.
  useEffect(() => {
    if (dismissed) return;
    const outside = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setDismissed(true);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [dismissed]);

  const close = () => {
    setDismissed(true);
    setActive(-1);
  };

  const hrefOf = (index: number) => (index < items.length ? recordPath(items[index]!) : browseSearchHref(query));

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (state.kind === "closed") {
        if (isSearchable(text)) setDismissed(false);
      } else {
        setActive((current) => moveActive(current, e.key as "ArrowDown" | "ArrowUp", optionCount));
      }
      e.preventDefault();
    } else if (e.key === "Escape") {
      if (state.kind !== "closed") e.preventDefault();
      close();
    } else if (e.key === "Enter" && state.kind === "results" && active >= 0 && active < optionCount) {
      e.preventDefault();
      close();
      navigate(hrefOf(active));
    } else if (e.key === "Tab") {
      close();
    }
  };

  const interactive = hydrated
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": state.kind !== "closed",
        "aria-controls": listboxId,
        "aria-activedescendant": state.kind === "results" && active >= 0 ? optionId(listboxId, active) : undefined,
      }
    : {};

  return (
    <Form
      ref={box}
      method="get"
      action="/browse"
      role="search"
      // Not positioned below md: the suggestions then hang from the sticky header itself, across the phone's full
      // width, rather than from this box (which shares its line with the chat button).
      className="w-full md:relative"
      onSubmit={(e) => {
        // Never send an empty or blank search (the browser's own check covers the no-JavaScript case).
        if (!isSearchable(normaliseSearchText(text))) {
          e.preventDefault();
          input.current?.focus();
          return;
        }
        close();
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search records
      </label>
      <div className="relative">
        <Icon name="search" className="search-icon" />
        <input
          ref={input}
          id="site-search"
          name="q"
          type="search"
          required
          minLength={2}
          maxLength={MAX_SEARCH_CHARS}
          pattern=".*\S.*"
          placeholder="Search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setDismissed(false);
          }}
          onFocus={() => {
            if (isSearchable(text)) setDismissed(false);
          }}
          onKeyDown={onKeyDown}
          {...interactive}
          className="search-input"
        />
      </div>
      {queryWanted && (
        <Suspense fallback={null}>
          <SuggestQuery query={query} enabled={enabled} onResult={setSuggestions} />
        </Suspense>
      )}
      {hydrated && (
        <SuggestionList
          listboxId={listboxId}
          state={state}
          items={items}
          total={suggestions.data?.total ?? 0}
          active={active}
          onChoose={close}
          onHover={setActive}
        />
      )}
    </Form>
  );
}
