import { X } from "lucide-react";
import { Link } from "react-router";
import { formatLabel } from "~/domain/formats";
import { formatPence } from "~/domain/money";
import { hrefWith, NO_FILTERS, type BrowseQuery } from "./browse-query";

export interface Chip {
  key: string;
  text: string;
  /** The same page without this one choice. */
  href: string;
}

/** One removable chip per choice in the URL, in the order the filters appear in the sidebar. */
export function activeChips(path: string, query: BrowseQuery): Chip[] {
  const chips: Chip[] = [];
  const without = <T,>(list: readonly T[], value: T) => list.filter((v) => v !== value);
  if (query.q) chips.push({ key: "q", text: `“${query.q}”`, href: hrefWith(path, query, { q: "" }) });
  for (const g of query.genres) chips.push({ key: `g:${g}`, text: g, href: hrefWith(path, query, { genres: without(query.genres, g) }) });
  for (const f of query.formats) {
    chips.push({ key: `f:${f}`, text: formatLabel(f).label, href: hrefWith(path, query, { formats: without(query.formats, f) }) });
  }
  for (const d of query.decades) chips.push({ key: `d:${d}`, text: `${d}s`, href: hrefWith(path, query, { decades: without(query.decades, d) }) });
  for (const l of query.labels) chips.push({ key: `l:${l}`, text: l, href: hrefWith(path, query, { labels: without(query.labels, l) }) });
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
  return chips;
}

export function ActiveFilters({ path, query }: { path: string; query: BrowseQuery }) {
  const chips = activeChips(path, query);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.href}
          preventScrollReset
          aria-label={`Remove filter ${chip.text}`}
          className="inline-flex items-center gap-1.5 rounded-full bg-label/40 py-1 pr-2 pl-3 text-sm font-medium text-ink ring-1 ring-label hover:bg-label"
        >
          {chip.text}
          <X aria-hidden className="h-3.5 w-3.5" />
        </Link>
      ))}
      {chips.length > 1 && (
        <Link to={hrefWith(path, query, NO_FILTERS)} className="px-1 text-sm font-semibold text-needle-dark hover:underline">
          Clear all
        </Link>
      )}
    </div>
  );
}
