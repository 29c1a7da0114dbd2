import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/trpc/router";
import { MAX_BATCH_CALLS } from "~/domain/shared/request-limits";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

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

/** Queries share batches of at most MAX_BATCH_CALLS; a mutation goes alone, as the server requires. */
export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "mutation",
        true: httpLink({ url: "/trpc" }),
        false: httpBatchLink({ url: "/trpc", maxItems: MAX_BATCH_CALLS }),
      }),
    ],
  });
}
