/*
 * The page's `data-hydrated` mark, which browser tests wait for before they use a page: set once React has attached
 * every handler, those of the parts that hydrate when their own code arrives (app/components/later-part.tsx) too.
 * Until a part has hydrated, a click in it does what the page does without JavaScript.
 */

const waiting = new Set<string>();
const hydrated = new Set<string>();
let shellHydrated = false;

function markWhenDone(): void {
  if (shellHydrated && waiting.size === 0) document.documentElement.dataset.hydrated = "true";
}

/** The page around the later parts has hydrated. */
export function pageShellHydrated(): void {
  shellHydrated = true;
  markWhenDone();
}

/** A later part is on the page (its effects may run after its own part's, if its code was already there). */
export function laterPartPlaced(id: string): void {
  if (!hydrated.has(id)) waiting.add(id);
  markWhenDone();
}

/** A later part's code arrived and it has hydrated. */
export function laterPartHydrated(id: string): void {
  hydrated.add(id);
  waiting.delete(id);
  markWhenDone();
}
