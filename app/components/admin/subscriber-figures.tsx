import type { SubscriberCounts } from "~/domain/newsletter/subscriber-counts";

const figure = (n: number) => n.toLocaleString("en-GB");

/**
 * The newsletter's figures, across the whole list whatever it is filtered to: everyone on it, split into subscribed
 * and unsubscribed, and the subscribed split by favourite genre. Each split is written as the sum it is.
 */
export function SubscriberFigures({ counts }: { counts: SubscriberCounts }) {
  const genres = counts.byGenre.filter((g) => g.subscribed > 0);
  return (
    <section aria-labelledby="figures-heading" className="mt-4 rounded-xl bg-white p-4 ring-1 ring-stone-200">
      <h2 id="figures-heading" className="sr-only">
        The list in figures
      </h2>
      <dl className="grid grid-cols-3 gap-3 text-center sm:text-left">
        <div data-testid="subscribers-total">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">On the list</dt>
          <dd className="font-display text-2xl font-bold tabular-nums">{figure(counts.total)}</dd>
        </div>
        <div data-testid="subscribers-subscribed">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Subscribed</dt>
          <dd className="font-display text-2xl font-bold tabular-nums">{figure(counts.subscribed)}</dd>
        </div>
        <div data-testid="subscribers-unsubscribed">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Unsubscribed</dt>
          <dd className="font-display text-2xl font-bold tabular-nums">{figure(counts.unsubscribed)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-600">
        {figure(counts.subscribed)} subscribed + {figure(counts.unsubscribed)} unsubscribed = {figure(counts.total)} on the list.
        Sign-up needs no confirming, so every subscribed address receives campaigns.
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">Subscribed, by favourite genre</summary>
        <ul className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3" data-testid="subscribers-by-genre">
          {genres.map((g) => (
            <li key={g.genre} className="flex justify-between gap-2">
              <span>{g.genre}</span>
              <span className="tabular-nums">{figure(g.subscribed)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-2 text-stone-600">
            <span>No genre, or another</span>
            <span className="tabular-nums">{figure(counts.otherGenre)}</span>
          </li>
        </ul>
        <p className="mt-2 text-xs text-stone-600">
          Together {figure(counts.subscribed)}: each genre&apos;s figure is who a “favourite genre is…” campaign reaches.
        </p>
      </details>
    </section>
  );
}
