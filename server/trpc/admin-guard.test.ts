import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { RequestContext } from "../context";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { appRouter } from "./router";

const shop = useShopServices();

/** Every admin procedure there is, read from the router itself, so a new one cannot be left out. */
const adminPaths = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith("admin."));

function caller(user: RequestContext["user"]) {
  const ctx = {
    db: shop.t.db,
    services: shop.s,
    cspNonce: "",
    today: "2026-11-25",
    user,
    sessionId: null,
    clientIp: "198.51.100.7",
    auth: {} as RequestContext["auth"],
  } satisfies RequestContext;
  return appRouter.createCaller(ctx);
}

async function codeOf(user: RequestContext["user"], path: string): Promise<string> {
  // Walk "admin.orders.list" down the caller; an empty input is enough, as the guard runs before input checks.
  let fn: unknown = caller(user);
  for (const part of path.split(".")) fn = (fn as Record<string, unknown>)[part];
  try {
    await (fn as (input: unknown) => Promise<unknown>)({});
    return "OK";
  } catch (error) {
    return error instanceof TRPCError ? error.code : `not a tRPC error: ${String(error)}`;
  }
}

describe("every admin.* procedure is for admins only", () => {
  it("finds the admin procedures", () => {
    expect(adminPaths).toContain("admin.overview");
  });

  it.each(adminPaths)("%s: UNAUTHORIZED signed out, FORBIDDEN for a customer", async (path) => {
    expect(await codeOf(null, path)).toBe("UNAUTHORIZED");
    const customer = { id: 1, username: "collector", email: "collector@example.com", role: "customer" } as RequestContext["user"];
    expect(await codeOf(customer, path)).toBe("FORBIDDEN");
  });
});
