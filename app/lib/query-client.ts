import { QueryClient } from "@tanstack/react-query";

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
