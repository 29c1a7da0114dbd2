import { lazy, memo, Suspense } from "react";

// The combobox's code (suggestions, keyboard moves, the query) loads after the page: until then the server's box is
// a plain GET form to /browse, which works.
const HeaderSearch = lazy(() => import("./header-search").then((m) => ({ default: m.HeaderSearch })));

/**
 * The header's search box, hydrated when its code arrives. Memoised without props, so the header's own updates
 * while the page hydrates never reach the boundary before it has hydrated (React would then drop the server's box
 * and render the empty fallback until the code came).
 */
export const HeaderSearchBox = memo(function HeaderSearchBox() {
  return (
    <Suspense fallback={null}>
      <HeaderSearch />
    </Suspense>
  );
});
