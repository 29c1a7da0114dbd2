/**
 * /browse lists a shop's labels by how many records each has; a shop has a hundred or more. The page sends the
 * first few (and any chosen) and a button for the rest, which asks the server for all of them: the whole list
 * was a third of the page's HTML, sent to every visitor for the few who open it.
 */

/** Labels shown before "More labels". */
export const TOP_LABELS = 10;

/** The query parameter (and the button's value) that asks for every label. */
export const MORE_PARAM = "more";
export const MORE_LABELS = "labels";

/**
 * The labels to send: all of them when asked, otherwise the first `top` (most records first, as given) and any
 * chosen further down, with how many were left out.
 */
export function foldLabels<T extends { selected: boolean }>(
  labels: readonly T[],
  all: boolean,
  top: number = TOP_LABELS,
): { shown: T[]; hidden: number } {
  if (all) return { shown: [...labels], hidden: 0 };
  const shown = labels.filter((l, i) => i < top || l.selected);
  return { shown, hidden: labels.length - shown.length };
}
