import { useQueryClient } from "@tanstack/react-query";
import { QueryScope } from "./query-client";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState } from "react";
import type { AppRouter } from "../../server/trpc/router";
import { MAX_BATCH_CALLS } from "~/domain/shared/request-limits";

/*
 * The tRPC client is not part of the first load (decision 27): pages reach it through `loadTrpcClient`
 * (app/lib/trpc-lazy.ts) or by rendering inside <TrpcScope>, whose module only a route that needs it imports.
 */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

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

export type TrpcClient = ReturnType<typeof makeTrpcClient>;

/** useTRPC() and useQuery() for the components inside, over the browser's one query client. */
export function TrpcScope({ children }: { children: React.ReactNode }) {
  return (
    <QueryScope>
      <TrpcProviders>{children}</TrpcProviders>
    </QueryScope>
  );
}

function TrpcProviders({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      {children}
    </TRPCProvider>
  );
}
