import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import type { PagePermission } from "../../app/domain/staff/permissions";
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
import { amountDueOf, PriceChangedError } from "../../app/domain/checkout/price-quote";

// 1. Context: the same per-request context loaders get (see server/context.ts).
/** What a procedure declares about itself: the staff permission an `admin.*` procedure needs. */
export interface ProcedureMeta {
  permission?: PagePermission;
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // 2. Error formatter: Zod failures reach the client flattened, field by field.
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof z.ZodError ? z.flattenError(error.cause) : null;
      // A total (or card part after gift vouchers) that changed since the client priced it: the new figures, to send
      // back as expectedTotalPence and expectedAmountDuePence.
      const priceChange =
        error.cause instanceof PriceChangedError
          ? {
              expectedTotalPence: error.cause.expectedTotalPence,
              totalPence: error.cause.quote.totalPence,
              ...(error.cause.expectedAmountDuePence !== undefined
                ? { expectedAmountDuePence: error.cause.expectedAmountDuePence, amountDuePence: amountDueOf(error.cause.quote) }
                : {}),
            }
          : null;
      return { ...shape, data: { ...shape.data, zodError, priceChange } };
    },
  });

const CODES = new Map<abstract new (...args: never[]) => DomainError, TRPCError["code"]>([
  [NotFoundError, "NOT_FOUND"],
  [ValidationError, "BAD_REQUEST"],
  [ForbiddenError, "FORBIDDEN"],
  [ConflictError, "CONFLICT"],
  [PriceChangedError, "CONFLICT"],
  [OutOfStockError, "CONFLICT"],
  [InvalidCredentialsError, "UNAUTHORIZED"],
  [TooManyAttemptsError, "TOO_MANY_REQUESTS"],
  [PaymentUnavailableError, "SERVICE_UNAVAILABLE"],
]);

/** A shop error's code, its own or its nearest listed ancestor's (a subclass such as a limit's refusal is a ConflictError). */
function codeOf(error: DomainError): TRPCError["code"] {
  const own = CODES.get(error.constructor as abstract new (...args: never[]) => DomainError);
  if (own) return own;
  for (const [type, code] of CODES) if (error instanceof type) return code;
  return "BAD_REQUEST";
}

// 3. Domain errors become tRPC errors with their message; anything else stays an opaque 500.
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({
      code: codeOf(cause),
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

/**
 * A back-office procedure: `staffProcedure("orders.refund")`. Refused (and the refusal logged) for anyone without the
 * permission, and for a role that needs a second factor not yet set up; the context gains the person as the audit
 * log names them (`ctx.actor`). The permission is kept as the procedure's meta, where the permission test reads it.
 */
export function staffProcedure(permission: PagePermission) {
  return protectedProcedure.meta({ permission }).use(({ ctx, meta, path, next }) => {
    const decision = ctx.services.staffAccess.check(
      { user: ctx.user, clientIp: ctx.clientIp },
      meta?.permission ?? permission,
      `trpc ${path}`,
    );
    if (decision.ok) return next({ ctx: { ...ctx, actor: decision.actor } });
    if (decision.reason === "two-factor-setup") {
      throw new TRPCError({ code: "FORBIDDEN", message: "Set up two-factor sign-in first (/profile/two-factor)." });
    }
    throw new TRPCError({ code: "FORBIDDEN", message: "You do not have permission to do that." });
  });
}
