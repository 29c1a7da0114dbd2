import type { TRPCError } from "@trpc/server";
import { TooManyAttemptsError } from "../../app/domain/shared/errors";
import type { AddressLimitName } from "../auth/rate-limits";
import { protectedProcedure, publicProcedure } from "./init";

/**
 * A public procedure that first counts one attempt against a per-address limit (server/auth/rate-limits.ts);
 * past it the call fails with TOO_MANY_REQUESTS before any work, and the answer carries Retry-After.
 */
export const rateLimitedProcedure = (name: AddressLimitName) =>
  publicProcedure.use(({ ctx, next }) => {
    ctx.services.rateLimits.takeForAddress(name, ctx.clientIp);
    return next();
  });

/** The same for a signed-in customer's call (a club sign-up is a card payment like a checkout). */
export const rateLimitedProtectedProcedure = (name: AddressLimitName) =>
  protectedProcedure.use(({ ctx, next }) => {
    ctx.services.rateLimits.takeForAddress(name, ctx.clientIp);
    return next();
  });

/** The tRPC adapter's responseMeta: a refused call's Retry-After (the longest, in a batch). */
export function retryAfterMeta({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  const waits = errors.flatMap((e) => (e.cause instanceof TooManyAttemptsError ? [e.cause.retryAfterSeconds] : []));
  return waits.length > 0 ? { headers: { "Retry-After": String(Math.max(...waits)) } } : {};
}
