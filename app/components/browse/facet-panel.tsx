import { Icon } from "~/components/icons/icon";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { formatLabel } from "~/domain/catalogue/formats";
import type { Facets } from "../../../server/services/browse";
import { formatCount } from "~/domain/browse/listing-text";
import { CONDITION_LABELS, CONDITIONS, hasFilters, penceToInput, type BrowseQuery } from "~/domain/browse/browse-query";
import { GradeOptions } from "~/components/catalogue/grade-options";
import { foldLabels, MORE_LABELS, MORE_PARAM } from "~/domain/browse/label-fold";
import { useGetForm } from "~/lib/use-get-form";

export const FILTER_FORM_ID = "browse-filters";

interface Option {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

function OptionRow({ name, option }: { name: string; option: Option }) {
  return (
    <li>
      <label className="facet-option">
        <input type="checkbox" name={name} value={option.value} defaultChecked={option.selected} />
        <span>{option.label}</span>
        {/* Its two inner spans are for screen readers only (app.css). */}
        <span>
          <span>, </span>
          {formatCount(option.count)}
          <span> records</span>
        </span>
      </label>
    </li>
  );
}

function FacetGroup({
  legend,
  name,
  options,
  more,
  hidden = 0,
}: {
  legend: string;
  name: string;
  options: Option[];
  /** Shown under a fold. */
  more?: Option[];
  /** How many the server left out: a button asks for them (keeping what is ticked). */
  hidden?: number;
}) {
  return (
    <fieldset className="facet-group">
      <legend className="facet-legend">{legend}</legend>
      {options.length === 0 ? (
        <p className="clear-both text-sm text-stone-600">None in these results</p>
      ) : (
        <ul className="facet-list">
          {options.map((o) => (
            <OptionRow key={o.value} name={name} option={o} />
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button type="submit" name={MORE_PARAM} value={MORE_LABELS} className="facet-more mt-2">
          More {legend.toLowerCase()}s ({hidden})
        </button>
      )}
      {more && more.length > 0 && (
        <details open className="group/more mt-2">
          <summary className="facet-more">
            More {legend.toLowerCase()}s ({more.length})
          </summary>
          <ul className="mt-2 max-h-72 space-y-0.5 overflow-y-auto pr-1">
            {more.map((o) => (
              <OptionRow key={o.value} name={name} option={o} />
            ))}
          </ul>
        </details>
      )}
    </fieldset>
  );
}

/** New or used records, and the lowest media grade a used copy may have (Goldmine scale, best first). */
function ConditionFilters({ query }: { query: BrowseQuery }) {
  return (
    <fieldset className="facet-group">
      <legend className="facet-legend">Condition</legend>
      <ul className="facet-list">
        {CONDITIONS.map((c) => (
          <li key={c}>
            <label className="facet-option">
              <input type="radio" name="condition" value={c === "any" ? "" : c} defaultChecked={query.condition === c} />
              <span>{CONDITION_LABELS[c]}</span>
              <span />
            </label>
          </li>
        ))}
      </ul>
      <label htmlFor="browse-grade" className="mt-3 mb-1 block text-xs text-stone-600">
        Used: minimum grade (record)
      </label>
      <select id="browse-grade" name="grade" defaultValue={query.minGrade ?? ""} className={field}>
        <GradeOptions none="Any grade" suffix=" or better" />
      </select>
    </fieldset>
  );
}

/** Values worth offering: any with records, and any already chosen (so it can be unticked). */
const offered = (o: Option) => o.count > 0 || o.selected;

const field = "facet-field";

/**
 * Every filter of /browse in one GET form. On phones it folds into a <details> panel; from 1024 px
 * the panel is a sidebar that is always open (CSS shows the content whatever the open state, so it
 * works without JavaScript).
 */
export function FacetPanel({
  action,
  query,
  facets,
  labels: labelFold,
}: {
  action: string;
  query: BrowseQuery;
  facets: Facets;
  /** Whether every label was sent (asked for), and how many were left out if not (see foldLabels). */
  labels: { all: boolean; hidden: number };
}) {
  const { formRef, onSubmit, onChange } = useGetForm();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Browsers without ::details-content styling still get an open sidebar on wide screens.
    if (window.matchMedia("(min-width: 1024px)").matches && detailsRef.current) detailsRef.current.open = true;
  }, []);

  const genres = facets.genre
    .map((g) => ({ value: g.value, label: g.value, count: g.count, selected: g.selected }))
    .filter(offered);
  const formats = facets.format
    .map((f) => ({ value: f.value, label: formatLabel(f.value).label, count: f.count, selected: f.selected }))
    .filter(offered);
  const decades = facets.decade
    .map((d) => ({ value: String(d.value), label: `${d.value}s`, count: d.count, selected: d.selected }))
    .filter(offered);
  const labels = facets.label
    .map((l) => ({ value: l.value, label: l.value, count: l.count, selected: l.selected }))
    .filter(offered);
  const topLabels = foldLabels(labels, false).shown;
  const moreLabels = labels.filter((l) => !topLabels.includes(l)).sort((a, b) => a.label.localeCompare(b.label, "en-GB"));
  const active =
    query.genres.length +
    query.formats.length +
    query.labels.length +
    query.decades.length +
    (query.minPence !== null || query.maxPence !== null ? 1 : 0) +
    (query.inStock ? 1 : 0) +
    (query.condition !== "any" ? 1 : 0) +
    (query.minGrade ? 1 : 0);

  return (
    // Focusable because it scrolls on its own on wide screens: keyboard users can scroll it too.
    <aside
      aria-label="Filters"
      tabIndex={0}
      className="focus-visible:outline-2 focus-visible:outline-needle lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto lg:pr-2"
    >
      <details
        ref={detailsRef}
        className="group rounded-xl bg-white shadow-sm ring-1 ring-stone-200 lg:rounded-none lg:bg-transparent lg:shadow-none lg:ring-0 lg:details-content:block lg:details-content:[content-visibility:visible]"
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-semibold lg:hidden [&::-webkit-details-marker]:hidden">
          <Icon name="sliders" className="h-4 w-4" />
          <span className="flex-1">Filters{active > 0 ? ` (${active})` : ""}</span>
          <Icon name="chevron-down" className="h-4 w-4 transition group-open:rotate-180" />
        </summary>
        <Form
          ref={formRef}
          id={FILTER_FORM_ID}
          method="get"
          action={action}
          onSubmit={onSubmit}
          onChange={onChange}
          className="border-t border-stone-200 px-4 pt-2 pb-4 lg:border-t-0 lg:px-0 lg:pt-0"
        >
          <h2 className="sr-only">Filter records</h2>
          <div className="border-b border-stone-200 pt-2 pb-4 lg:pt-0">
            <label htmlFor="browse-q" className="mb-2 block text-xs font-semibold tracking-widest text-stone-600 uppercase">
              Keywords
            </label>
            <input
              id="browse-q"
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={100}
              placeholder="Artist, title, label…"
              className={field}
            />
          </div>
          <FacetGroup legend="Genre" name="genre" options={genres} />
          <FacetGroup legend="Format" name="format" options={formats} />
          <FacetGroup legend="Decade" name="decade" options={decades} />
          {/* Once every label was asked for, further filtering keeps them (the form sends this along). */}
          {labelFold.all && <input type="hidden" name={MORE_PARAM} value={MORE_LABELS} />}
          <FacetGroup legend="Label" name="label" options={topLabels} more={moreLabels} hidden={labelFold.hidden} />
          <fieldset className="facet-group">
            <legend className="facet-legend">Price</legend>
            <div className="clear-both grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="price-min" className="mb-1 block text-xs text-stone-600">
                  Min price (£)
                </label>
                <input
                  id="price-min"
                  name="min"
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  placeholder="5"
                  defaultValue={penceToInput(query.minPence)}
                  className={field}
                />
              </div>
              <div>
                <label htmlFor="price-max" className="mb-1 block text-xs text-stone-600">
                  Max price (£)
                </label>
                <input
                  id="price-max"
                  name="max"
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  placeholder="100"
                  defaultValue={penceToInput(query.maxPence)}
                  className={field}
                />
              </div>
            </div>
          </fieldset>
          <fieldset className="facet-group">
            <legend className="facet-legend">Availability</legend>
            <ul className="clear-both">
              <OptionRow
                name="stock"
                option={{ value: "1", label: "In stock only", count: facets.inStock, selected: query.inStock }}
              />
            </ul>
          </fieldset>
          <ConditionFilters query={query} />
          {/* Pinned to the bottom while the filters scroll. */}
          <div className="sticky bottom-0 flex items-center gap-3 border-t border-stone-200 bg-white pt-4 lg:bg-paper">
            <button
              type="submit"
              className="flex-1 rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-needle focus-visible:bg-needle"
            >
              Apply filters
            </button>
            {(hasFilters(query) || query.q) && (
              <Link to={action} className="text-sm font-semibold text-needle-dark hover:underline">
                Clear all
              </Link>
            )}
          </div>
        </Form>
      </details>
    </aside>
  );
}
