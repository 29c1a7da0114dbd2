import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { SEARCH_CACHE_SECONDS } from "~/domain/search/search-rules";
import { QueryScope } from "~/lib/query-client";
import { loadTrpcClient } from "~/lib/trpc-lazy";
import type { SearchSuggestion } from "~/domain/search/suggestion";

export interface SuggestResult {
  data: { items: SearchSuggestion[]; total: number } | undefined;
  pending: boolean;
  failed: boolean;
}

interface Props {
  query: string;
  enabled: boolean;
  onResult: (result: SuggestResult) => void;
}

/**
 * The header box's suggestions, read through the tRPC search.suggest query and kept 60 s. It renders nothing and
 * hands each state of the query up; the box loads this module when someone first types (decision 27), so the
 * query library and the tRPC client stay out of every page's first load.
 */
export default function SuggestQuery(props: Props) {
  return (
    <QueryScope>
      <Suggestions {...props} />
    </QueryScope>
  );
}

function Suggestions({ query, enabled, onResult }: Props) {
  const suggestions = useQuery({
    queryKey: ["search.suggest", query],
    queryFn: async ({ signal }) => (await loadTrpcClient()).search.suggest.query({ q: query }, { signal }),
    enabled,
    staleTime: SEARCH_CACHE_SECONDS * 1000,
  });
  const { data, isPending, isError } = suggestions;
  useEffect(() => onResult({ data, pending: isPending, failed: isError }), [data, isPending, isError, onResult]);
  return null;
}
