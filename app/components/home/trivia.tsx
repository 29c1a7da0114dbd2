import { Icon } from "~/components/icons/icon";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

export interface TriviaItemView {
  question: string;
  options: string[];
  /** Index of the correct option. */
  answer: number;
  explanation: string;
}

export const TRIVIA_PANEL_ID = "trivia-panel";
/** Without JavaScript the toggle is a link: the home page renders the panel when asked with ?trivia=1. */
export const SHOW_TRIVIA_HREF = "/?trivia=1#trivia";
export const HIDE_TRIVIA_HREF = "/#trivia";
/** With JavaScript the same loader answers a fetcher; `index` targets the home route, not the root layout. */
export const TRIVIA_DATA_URL = "/?index&trivia=1";

/**
 * Spec §2 home section 8 and §4 "Trivia panel": hidden or shown, and the questions are fetched only
 * once shown. Server-rendered as a link (works without JavaScript); after hydration it is a real
 * toggle button that loads the questions through a fetcher the first time it opens.
 */
export function VinylTrivia({ initial }: { initial: TriviaItemView[] | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ trivia: TriviaItemView[] | null }>();
  const [open, setOpen] = useState(initial !== null);
  const items = initial ?? fetcher.data?.trivia ?? null;
  const failed = fetcher.state === "idle" && fetcher.data !== undefined && !fetcher.data.trivia;

  useEffect(() => {
    if (open && items === null && fetcher.state === "idle" && fetcher.data === undefined) fetcher.load(TRIVIA_DATA_URL);
  }, [open, items, fetcher]);

  const label = open ? "Hide Trivia" : "Test Your Knowledge";
  const toggleClass =
    "inline-flex items-center gap-2 rounded-full bg-ink px-7 py-3 font-semibold text-white shadow-lg transition hover:bg-needle";

  return (
    <section id="trivia" aria-labelledby="trivia-heading" className="section">
      <div className="overflow-hidden rounded-3xl bg-label shadow-sm ring-1 ring-black/5">
        <div className="relative flex flex-col gap-6 p-8 sm:p-12 md:flex-row md:items-center md:justify-between">
          <Icon name="disc" className="pointer-events-none absolute -top-10 -right-10 h-48 w-48 text-ink/10 stroke-1" />
          <div className="relative">
            <p className="eyebrow">Quiz time</p>
            <h2 id="trivia-heading" className="mt-1 font-display text-3xl font-bold sm:text-4xl">
              Vinyl Trivia
            </h2>
            <p className="mt-3 max-w-lg text-ink/80">
              Speeds, sleeves and the format wars: three questions from the history of the record. How many do you know?
            </p>
          </div>
          <div className="relative shrink-0">
            {hydrated ? (
              <button
                type="button"
                aria-expanded={open}
                aria-controls={TRIVIA_PANEL_ID}
                onClick={() => setOpen((o) => !o)}
                className={toggleClass}
              >
                {label}
              </button>
            ) : (
              <a href={open ? HIDE_TRIVIA_HREF : SHOW_TRIVIA_HREF} className={toggleClass}>
                {label}
              </a>
            )}
          </div>
        </div>

        <div id={TRIVIA_PANEL_ID} hidden={!open} className="border-t border-ink/10 bg-paper/60 p-6 sm:p-10">
          {open && items && items.length > 0 && <TriviaQuestions items={items} />}
          {open && items && items.length === 0 && <p className="text-stone-700">No trivia questions yet. Check back soon!</p>}
          {open && items === null && !failed && (
            <p role="status" className="text-stone-700">
              Loading trivia…
            </p>
          )}
          {open && items === null && failed && (
            <p role="alert" className="text-stone-700">
              Sorry, the trivia could not be loaded. Please try again in a moment.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function TriviaQuestions({ items }: { items: TriviaItemView[] }) {
  return (
    <ol className="grid gap-5 lg:grid-cols-3">
      {items.map((item, i) => (
        <li key={item.question} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
          <p className="text-xs font-semibold tracking-[0.2em] text-needle-dark uppercase">Question {i + 1}</p>
          <h3 className="mt-1 font-semibold leading-snug">{item.question}</h3>
          <ul className="mt-4 space-y-2 text-sm">
            {item.options.map((option, j) =>
              j === item.answer ? (
                <li
                  key={j}
                  data-correct="true"
                  className="flex items-center gap-2 rounded-lg bg-emerald-100 px-3 py-2 font-semibold text-emerald-900 ring-2 ring-emerald-600"
                >
                  <Icon name="check" className="h-4 w-4 shrink-0" />
                  {option}
                  <span className="sr-only"> (correct answer)</span>
                </li>
              ) : (
                <li key={j} className="rounded-lg bg-stone-100 px-3 py-2 text-stone-700">
                  {option}
                </li>
              ),
            )}
          </ul>
          <p className="mt-4 text-sm leading-relaxed text-stone-700">
            <span className="font-semibold text-ink">Why: </span>
            {item.explanation}
          </p>
        </li>
      ))}
    </ol>
  );
}
