import { formatLabel } from "~/domain/catalogue/formats";
import { formatPence } from "~/domain/shared/money";
import { CONDITION_LABELS, hrefWith, type BrowseQuery } from "./browse-query";

export interface Chip {
  key: string;
  text: string;
  /** The same page without this one choice. */
  href: string;
}

/** One removable chip per choice in the URL, in the order the filters appear in the sidebar. */
export function activeChips(path: string, query: BrowseQuery): Chip[] {
  const chips: Chip[] = [];
  const without = <T>(list: readonly T[], value: T) => list.filter((v) => v !== value);
  if (query.q) chips.push({ key: "q", text: `“${query.q}”`, href: hrefWith(path, query, { q: "" }) });
  for (const g of query.genres)
    chips.push({ key: `g:${g}`, text: g, href: hrefWith(path, query, { genres: without(query.genres, g) }) });
  for (const f of query.formats) {
    chips.push({
      key: `f:${f}`,
      text: formatLabel(f).label,
      href: hrefWith(path, query, { formats: without(query.formats, f) }),
    });
  }
  for (const d of query.decades)
    chips.push({ key: `d:${d}`, text: `${d}s`, href: hrefWith(path, query, { decades: without(query.decades, d) }) });
  for (const l of query.labels)
    chips.push({ key: `l:${l}`, text: l, href: hrefWith(path, query, { labels: without(query.labels, l) }) });
  const { minPence: min, maxPence: max } = query;
  if (min !== null || max !== null) {
    const text =
      min !== null && max !== null
        ? `${formatPence(min)}–${formatPence(max)}`
        : min !== null
          ? `From ${formatPence(min)}`
          : `Up to ${formatPence(max!)}`;
    chips.push({ key: "price", text, href: hrefWith(path, query, { minPence: null, maxPence: null }) });
  }
  if (query.inStock) chips.push({ key: "stock", text: "In stock", href: hrefWith(path, query, { inStock: false }) });
  if (query.condition !== "any")
    chips.push({
      key: "condition",
      text: CONDITION_LABELS[query.condition],
      href: hrefWith(path, query, { condition: "any", minGrade: null }),
    });
  if (query.minGrade)
    chips.push({ key: "grade", text: `Graded ${query.minGrade} or better`, href: hrefWith(path, query, { minGrade: null }) });
  return chips;
}
