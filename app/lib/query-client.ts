import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, useState } from "react";

/**
 * Spec §7 query behaviour: fresh 5 min, kept 30 min, one retry after 1 s, no focus refetch. On the server a
 * client lives for one render: a 30-minute collection timer there would keep every render alive for half an
 * hour, so the server's client schedules none and goes with its request.
 */
export function makeQueryClient(): QueryClient {
  const onServer = typeof window === "undefined";
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: onServer ? Infinity : 30 * 60_000,
        retry: 1,
        retryDelay: 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's one client, so every scope on every page shares one cache. */
let browserClient: QueryClient | undefined;

function scopeClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

/**
 * useQuery for the components inside. The query library is not part of the first load (decision 27): only the
 * parts of a page that query render in a scope, and the browser's scopes share one client and cache.
 */
export function QueryScope({ children }: { children: React.ReactNode }) {
  const [client] = useState(scopeClient);
  return createElement(QueryClientProvider, { client }, children);
}
