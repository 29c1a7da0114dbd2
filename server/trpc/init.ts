import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import type { RequestContext } from "../context";
import {
  DomainError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  ConflictError,
  OutOfStockError,
  InvalidCredentialsError,
  TooManyAttemptsError,
  PaymentUnavailableError,
} from "../../app/domain/shared/errors";

// 1. Context: the same per-request context loaders get (see server/context.ts).
const t = initTRPC.context<RequestContext>().create({
  // 2. Error formatter: Zod failures reach the client flattened, field by field.
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof z.ZodError ? z.flattenError(error.cause) : null;
    return { ...shape, data: { ...shape.data, zodError } };
  },
});

const CODES = new Map<abstract new (...args: never[]) => DomainError, TRPCError["code"]>([
  [NotFoundError, "NOT_FOUND"],
  [ValidationError, "BAD_REQUEST"],
  [ForbiddenError, "FORBIDDEN"],
  [ConflictError, "CONFLICT"],
  [OutOfStockError, "CONFLICT"],
  [InvalidCredentialsError, "UNAUTHORIZED"],
  [TooManyAttemptsError, "TOO_MANY_REQUESTS"],
  [PaymentUnavailableError, "SERVICE_UNAVAILABLE"],
]);

// 3. Domain errors become tRPC errors with their message; anything else stays an opaque 500.
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({
      code: CODES.get(cause.constructor as abstract new (...args: never[]) => DomainError) ?? "BAD_REQUEST",
      message: cause.message,
      cause,
    });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapDomainErrors);

// 4. Signed-in and admin procedures: the context's user is non-null past these.
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Not signed in" });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Admins only" });
  return next({ ctx });
});
