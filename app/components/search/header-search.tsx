import { Search } from "lucide-react";
import { Form } from "react-router";

/** The header's search box: a plain GET form to /browse (the instant-search dropdown builds on it). */
export function HeaderSearch() {
  return (
    <Form method="get" action="/browse" role="search" className="relative min-w-0 flex-1">
      <label htmlFor="site-search" className="sr-only">
        Search records
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-600" />
      <input
        id="site-search"
        name="q"
        type="search"
        required
        minLength={2}
        pattern=".*\S.*"
        placeholder="Search"
        className="w-full rounded-full border border-stone-300 bg-white py-2 pr-4 pl-9 text-sm placeholder:text-stone-600 focus:border-needle focus:outline-none"
      />
    </Form>
  );
}
