/**
 * Every admin.* procedure, read from the router itself (so a new one cannot be left out), declares its staff
 * permission, and is tried with every built-in role: FORBIDDEN exactly when the role lacks the permission.
 */
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { RequestContext } from "../context";
import { totpCredentials, users } from "../../db/schema";
import {
  ANY_STAFF,
  BUILT_IN_ROLE_KEYS,
  builtInRole,
  isPermission,
  may,
  type BuiltInRole,
  type PagePermission,
} from "../../app/domain/staff/permissions";
import { useShopServices } from "../../tests/setup/shop-fixtures";
import { newCustomer } from "../../tests/setup/route-context";
import { appRouter } from "./router";

const shop = useShopServices();

// The router's own list of procedures: tRPC keeps it on `_def`, the one place a test can read every path.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { permission?: PagePermission } } }>;
const adminPaths = Object.keys(procedures).filter((path) => path.startsWith("admin."));

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

const staff = {} as Record<BuiltInRole, RequestContext["user"]>;
let customer: RequestContext["user"];

beforeAll(async () => {
  for (const role of BUILT_IN_ROLE_KEYS) {
    const { user } = await newCustomer(shop.s);
    shop.t.db.update(users).set({ role: "admin", staffRole: role }).where(eq(users.id, user.id)).run();
    shop.t.db.insert(totpCredentials).values({ userId: user.id, secretEncrypted: "test" }).run();
    staff[role] = { ...user, role: "admin" };
  }
  customer = (await newCustomer(shop.s)).user;
});

describe("every admin.* procedure", () => {
  it("finds the admin procedures", () => {
    expect(adminPaths).toContain("admin.overview");
    expect(adminPaths.length).toBeGreaterThan(50);
  });

  it.each(adminPaths)("%s declares its permission", (path) => {
    const permission = procedures[path]!._def.meta?.permission;
    expect(permission === ANY_STAFF || isPermission(permission)).toBe(true);
  });

  it.each(adminPaths)("%s: UNAUTHORIZED signed out, FORBIDDEN for a customer", async (path) => {
    expect(await codeOf(null, path)).toBe("UNAUTHORIZED");
    expect(await codeOf(customer, path)).toBe("FORBIDDEN");
  });

  describe.each(BUILT_IN_ROLE_KEYS)("as %s", (role) => {
    it.each(adminPaths)("%s: FORBIDDEN exactly when the role lacks the permission", async (path) => {
      const permission = procedures[path]!._def.meta!.permission!;
      const code = await codeOf(staff[role], path);
      expect(code === "FORBIDDEN", `${path}: ${code}`).toBe(!may(builtInRole(role), permission));
    });
  });

  it("an owner without a second factor is told to set one up first", async () => {
    const { user } = await newCustomer(shop.s);
    shop.t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    await expect(caller({ ...user, role: "admin" }).admin.overview()).rejects.toThrow(/two-factor/);
  });
});
