import { Icon } from "~/components/icons/icon";
import { hrefWith, NO_FILTERS, type BrowseQuery } from "~/domain/browse/browse-query";
import { activeChips } from "~/domain/browse/filter-chips";
import { Link } from "react-router";

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
          <Icon name="x" className="h-3.5 w-3.5" />
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
