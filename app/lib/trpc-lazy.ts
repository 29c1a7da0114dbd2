import type { TrpcClient } from "./trpc";

let client: Promise<TrpcClient> | undefined;

/**
 * The browser's tRPC client, loaded on first use: the header's search suggestions need it only once someone
 * types, so its code (about 11 KB gzip) stays out of every page's first load.
 */
export function loadTrpcClient(): Promise<TrpcClient> {
  client ??= import("./trpc").then((m) => m.makeTrpcClient());
  return client;
}
