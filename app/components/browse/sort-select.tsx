import { useEffect, useState } from "react";
import { Form } from "react-router";
import { SORT_LABELS, type SortKey } from "~/domain/browse/browse-query";
import { useGetForm } from "~/lib/use-get-form";

const control =
  "rounded-full border border-stone-300 bg-white py-2 pr-8 pl-4 text-sm font-medium focus:border-needle focus:outline-none";

/**
 * "Sort by" as a select. With `form` it belongs to that form (the filters), wherever it sits on the
 * page. Without JavaScript a Sort button submits it; with JavaScript a change submits at once.
 */
export function SortSelect({
  value,
  sorts,
  defaultSort,
  form,
}: {
  value: SortKey;
  sorts: readonly SortKey[];
  /** Sent as an empty value, so the server picks the default afresh (relevance once there is search text). */
  defaultSort: SortKey;
  form?: string;
}) {
  const selected = value === defaultSort ? "" : value;
  // Controlled: a select's default never follows new props, so it would show a stale sort after navigating.
  const [current, setCurrent] = useState(selected);
  useEffect(() => setCurrent(selected), [selected]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={`sort-${form ?? "own"}`} className="text-sm font-medium whitespace-nowrap text-stone-700">
        Sort by
      </label>
      <select
        id={`sort-${form ?? "own"}`}
        name="sort"
        form={form}
        value={current}
        onChange={(e) => {
          setCurrent(e.currentTarget.value);
          e.currentTarget.form?.requestSubmit();
        }}
        className={control}
      >
        {sorts.map((s) => (
          <option key={s} value={s === defaultSort ? "" : s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={form} className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white">
          Sort
        </button>
      </noscript>
    </div>
  );
}

/** A sort control that is its own little GET form (for listings without filters, such as /allvinyl). */
export function SortForm({
  action,
  value,
  sorts,
  defaultSort,
}: {
  action: string;
  value: SortKey;
  sorts: readonly SortKey[];
  defaultSort: SortKey;
}) {
  const { formRef, onSubmit } = useGetForm();
  return (
    <Form ref={formRef} method="get" action={action} onSubmit={onSubmit} aria-label="Sort records">
      <SortSelect value={value} sorts={sorts} defaultSort={defaultSort} />
    </Form>
  );
}
