import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ApiTrack } from "~/domain/catalogue/record-api";
import { useTRPC } from "~/lib/trpc";
import { RecordGrid, RecordGridSkeleton } from "../record-grid";

export const LATEST_PAGE_SIZE = 8;

interface PageData {
  items: ApiTrack[];
  page: number;
  pages: number;
  total: number;
  limit: number;
}

/**
 * "Browse the Racks": every visible record, most recently updated first, paged through the typed
 * tRPC catalogue query once JavaScript runs. The server renders the requested page (?latest=N) and
 * plain links, so paging also works without JavaScript.
 */
export function LatestAdditions({ initial }: { initial: PageData }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(initial.page);
  const query = useQuery(
    trpc.catalogue.list.queryOptions(
      { page, limit: LATEST_PAGE_SIZE },
      { initialData: page === initial.page ? initial : undefined, placeholderData: keepPreviousData },
    ),
  );
  const data = query.data;
  const go = (next: number) => (e: React.MouseEvent) => {
    e.preventDefault();
    setPage(next);
  };
  return (
    <section aria-labelledby="latest" className="mx-auto max-w-6xl scroll-mt-24 px-4 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b-2 border-ink pb-3">
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-needle-dark uppercase">Everything in the shop</p>
          <h2 id="latest" className="mt-1 scroll-mt-24 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Browse the Racks
          </h2>
        </div>
        {data && (
          <p className="text-sm text-stone-600" aria-live="polite">
            Page {data.page} of {data.pages}
          </p>
        )}
      </div>
      {data ? <RecordGrid tracks={data.items} /> : <RecordGridSkeleton count={LATEST_PAGE_SIZE} />}
      {data && (
        <nav aria-label="Browse the racks pages" className="mt-6 flex justify-center gap-3">
          {data.page > 1 && (
            <a
              href={`/?latest=${data.page - 1}#latest`}
              onClick={go(data.page - 1)}
              className="rounded-full border border-ink px-5 py-2 text-sm font-semibold hover:bg-ink hover:text-white"
            >
              Previous
            </a>
          )}
          {data.page < data.pages && (
            <a
              href={`/?latest=${data.page + 1}#latest`}
              onClick={go(data.page + 1)}
              className="rounded-full border border-ink px-5 py-2 text-sm font-semibold hover:bg-ink hover:text-white"
            >
              Next
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
