import { TRPCError } from "@trpc/server";
import type { RequestContext } from "../../server/context";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { appRouter } from "../../server/trpc/router";
import { giveTwoFactor } from "./two-factor";
import type { useShopServices } from "./shop-fixtures";

type Shop = ReturnType<typeof useShopServices>;
/** Who calls: nobody, or a user with at least what the role checks read. */
export type CallerUser = Pick<NonNullable<RequestContext["user"]>, "id" | "username" | "role"> | null;

/**
 * A tRPC caller as `user` over a test's shop, with the context a request would give it. An admin caller whose account
 * is in the database is made what a request's admin is: an admin in the database (the access check reads the role
 * there, as a role change applies from the next request) with a second factor (an owner must have one).
 */
export function callerFor(shop: Shop, user: CallerUser, options: { today?: string; clientIp?: string } = {}) {
  if (user?.role === "admin" && shop.t.db.select({ id: users.id }).from(users).where(eq(users.id, user.id)).get()) {
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    giveTwoFactor(shop.t.db, user.id);
  }
  return appRouter.createCaller({
    db: shop.t.db,
    services: shop.s,
    cspNonce: "",
    today: options.today ?? "2026-11-22",
    user: user as RequestContext["user"],
    sessionId: null,
    clientIp: options.clientIp ?? "127.0.0.1",
    auth: {} as RequestContext["auth"],
  });
}

/** The tRPC error code a call ends with; null when it succeeds. */
export async function trpcCodeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (e) {
    return e instanceof TRPCError ? e.code : String(e);
  }
}
