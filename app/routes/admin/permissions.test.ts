/**
 * Every back-office route, read from the route table itself, declares the permission it needs (a new admin route
 * without one fails here), and each is tried with every built-in role: a role without the permission gets a 403
 * from the loader and from every form the route takes, a role with it never does.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { totpCredentials, users } from "../../../db/schema";
import { BUILT_IN_ROLE_KEYS, builtInRole, isPermission, may, ANY_STAFF, type BuiltInRole } from "~/domain/staff/permissions";
import { formPost, newCustomer, pageGet, routeArgs, settle } from "../../../tests/setup/route-context";
import { useShopServices } from "../../../tests/setup/shop-fixtures";
import { sessionCookieName } from "../../../server/auth/cookies";

const shop = useShopServices();

type Handler = (args: ReturnType<typeof routeArgs>) => unknown;
interface RouteModule {
  handle?: { permission?: unknown; action?: unknown; intents?: Record<string, unknown> };
  loader?: Handler;
  action?: Handler;
}

const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!**/*.test.ts"]);

/** The routes inside the back office's layout, with their full paths. */
function adminRoutes(entries: RouteConfigEntry[], inAdmin = false): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const admin = inAdmin || entry.file === "routes/admin/layout.tsx";
    const own = admin && entry.path !== undefined ? [{ path: `/${entry.path}`, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], admin)];
  });
}

const table = adminRoutes(routes);

/** The path with its parameters filled in: a thing that does not exist is fine, the guard runs first. */
function samplePath(path: string): string {
  return path
    .replace(/:orderNumber/, "ND-000000")
    .replace(/:[A-Za-z]+/g, "999999")
    .replace(/\*$/, "nowhere");
}

async function load(file: string): Promise<RouteModule> {
  const key = `/app/${file}`;
  const importer = modules[key];
  if (!importer) throw new Error(`No module for ${file}`);
  return importer();
}

const cookies = {} as Record<BuiltInRole | "customer", string>;

beforeAll(async () => {
  for (const role of [...BUILT_IN_ROLE_KEYS, "customer"] as const) {
    const { user } = await newCustomer(shop.s);
    if (role !== "customer") {
      shop.t.db.update(users).set({ role: "admin", staffRole: role }).where(eq(users.id, user.id)).run();
      shop.t.db.insert(totpCredentials).values({ userId: user.id, secretEncrypted: "test" }).run();
    }
    const { token } = shop.s.sessions.create(user.id, { twoFactorVerified: true });
    cookies[role] = `${sessionCookieName(false)}=${token}`;
  }
});

/** The status a loader or action answered with (a redirect's 3xx, data()'s status, 200 for plain data). */
async function statusOf(run: () => unknown): Promise<number> {
  try {
    return (await settle(run)).status;
  } catch {
    // A thrown Error is a 500 the server would log; for a guard test it is "got past the guard".
    return 500;
  }
}

describe("the back office's route table", () => {
  it("finds the admin routes", () => {
    expect(table.length).toBeGreaterThan(25);
    expect(table.map((r) => r.path)).toContain("/admin/order-management/:orderNumber");
  });

  it.each(table)("$path declares its permissions", async ({ file }) => {
    const mod = await load(file);
    const permission = mod.handle?.permission;
    expect(permission === ANY_STAFF || isPermission(permission), `${file}: handle.permission`).toBe(true);
    if (mod.action) {
      const declared = [mod.handle?.action, ...Object.values(mod.handle?.intents ?? {})].filter((p) => p !== undefined);
      expect(declared.length, `${file}: an action needs handle.action or handle.intents`).toBeGreaterThan(0);
      for (const p of declared) expect(p === ANY_STAFF || isPermission(p), `${file}: ${String(p)}`).toBe(true);
    }
  });

  describe.each(BUILT_IN_ROLE_KEYS)("as %s", (role) => {
    it.each(table)("$path: a 403 exactly when the role lacks the permission", async ({ path, file }) => {
      const mod = await load(file);
      const url = samplePath(path);
      const handle = mod.handle as {
        permission: typeof ANY_STAFF;
        action?: typeof ANY_STAFF;
        intents?: Record<string, typeof ANY_STAFF>;
      };
      if (mod.loader) {
        const status = await statusOf(() =>
          mod.loader!(routeArgs({ db: shop.t.db, services: shop.s }, pageGet(url, cookies[role]))),
        );
        expect(status === 403, `GET ${url}: ${status}`).toBe(!may(builtInRole(role), handle.permission));
      }
      if (mod.action) {
        const forms: [string | null, typeof ANY_STAFF][] = handle.intents
          ? Object.entries(handle.intents)
          : [[null, handle.action ?? handle.permission]];
        for (const [intent, permission] of forms) {
          const fields: Record<string, string> = intent ? { intent } : {};
          const args = routeArgs({ db: shop.t.db, services: shop.s }, formPost(url, fields, cookies[role]));
          const status = await statusOf(() => mod.action!(args));
          expect(status === 403, `POST ${url} ${intent ?? ""}: ${status}`).toBe(!may(builtInRole(role), permission));
        }
      }
    });
  });

  it.each(table)("$path: a customer gets a 403 and a visitor is sent to sign in", async ({ path, file }) => {
    const mod = await load(file);
    const url = samplePath(path);
    for (const run of [mod.loader, mod.action]) {
      if (!run) continue;
      const request = run === mod.loader ? pageGet(url, cookies.customer) : formPost(url, {}, cookies.customer);
      expect(await statusOf(() => run(routeArgs({ db: shop.t.db, services: shop.s }, request)))).toBe(403);
      const outcome = await settle(() =>
        run(routeArgs({ db: shop.t.db, services: shop.s }, run === mod.loader ? pageGet(url) : formPost(url, {}))),
      );
      expect(outcome.location ?? "").toMatch(/^\/auth\?/);
    }
  });
});
