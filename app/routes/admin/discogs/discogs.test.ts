import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, discogsJobs, users } from "../../../../db/schema";
import { createServices, type Services } from "../../../../server/services";
import { DISCOGS_OFF, TOKEN_REFUSED } from "../../../../server/services/discogs-sync";
import { createHttpDiscogsClient } from "../../../../server/discogs/http-client";
import { startDiscogsStandIn, type DiscogsStandIn } from "../../../../tests/setup/discogs-stand-in";
import { catchMail } from "../../../../tests/setup/mail-catcher";
import { formPost, newCustomer, pageGet, routeArgs, sessionOf, settle, toastOf } from "../../../../tests/setup/route-context";
import { migratedTestDb, type TestDb } from "../../../../tests/setup/test-db";
import { giveTwoFactor } from "../../../../tests/setup/two-factor";
import { action, loader } from "./discogs";

// The page's forms as a browser without JavaScript sends them, with Discogs on (a local stand-in of its API) and off.
const PATH = "/admin/discogs";
let t: TestDb;
let api: DiscogsStandIn;
let on: Services;
let off: Services;

beforeAll(async () => {
  t = migratedTestDb();
  api = await startDiscogsStandIn();
  const base = { mediaDir: path.join(path.dirname(t.file), "media"), mailTransport: catchMail(), rateLimitFactor: 100 };
  on = createServices(t.db, {
    ...base,
    discogs: createHttpDiscogsClient({ token: api.token, apiUrl: api.url, timeoutMs: 500, spacingMs: 0 }),
  });
  off = createServices(t.db, base);
});
afterAll(async () => {
  await api.close();
  await on.mail.idle();
  t.cleanup();
});

const call = (services: Services, request: Request) => routeArgs({ db: t.db, services }, request);

async function cookieFor(role: "admin" | "customer"): Promise<string> {
  const { user } = await newCustomer(on);
  if (role === "admin") {
    t.db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).run();
    giveTwoFactor(t.db, user.id);
  }
  return sessionOf(on, user.id).cookie;
}

describe("/admin/discogs", () => {
  it("is for staff with the catalogue permission: a customer gets 403 and changes nothing", async () => {
    const cookie = await cookieFor("customer");
    expect((await settle(() => loader(call(on, pageGet(PATH, cookie))))).status).toBe(403);
    const out = await settle(() => action(call(on, formPost(PATH, { intent: "listing", listUsed: "on" }, cookie))));
    expect(out.status).toBe(403);
    expect(on.discogsSync.overview().listUsed).toBe(false);
  });

  it("with Discogs off, says so and how to switch it on; its forms are refused with that message", async () => {
    const cookie = await cookieFor("admin");
    const page = await settle(() => loader(call(off, pageGet(PATH, cookie))));
    expect(page.data!.enabled).toBe(false);
    const out = await settle(() => action(call(off, formPost(PATH, { intent: "check" }, cookie))));
    expect(out.status).toBe(409);
    expect(JSON.stringify(out.data)).toContain(DISCOGS_OFF.slice(0, 40));
  });

  it("a wrong token: Check the token answers a clear message, and the page says the queue is paused", async () => {
    const cookie = await cookieFor("admin");
    api.token = "theShopsTokenIsNotThisOne1";
    const out = await settle(() => action(call(on, formPost(PATH, { intent: "check" }, cookie))));
    expect(out.status).toBe(400);
    expect(JSON.stringify(out.data)).toContain("Discogs refused the shop's token");
    expect((await settle(() => loader(call(on, pageGet(PATH, cookie))))).data!.paused).toBe(TOKEN_REFUSED);

    api.reset();
    const good = await settle(() => action(call(on, formPost(PATH, { intent: "check" }, cookie))));
    expect(good.status).toBe(303);
    expect(await toastOf(good.headers)).toMatchObject({ title: "Discogs accepted the token" });
    const page = await settle(() => loader(call(on, pageGet(PATH, cookie))));
    expect(page.data!.paused).toBeNull();
    expect(page.data!.identity?.username).toBe("needledrop_shop");
    const checks = t.db.select().from(auditLog).where(eq(auditLog.entityId, "discogs.token")).all();
    expect(checks).toHaveLength(2);
  });

  it("switches listing on and off, audited; refuses a value that is neither", async () => {
    const cookie = await cookieFor("admin");
    const out = await settle(() => action(call(on, formPost(PATH, { intent: "listing", listUsed: "on" }, cookie))));
    expect(out.status).toBe(303);
    expect(on.discogsSync.overview().listUsed).toBe(true);
    const bad = await settle(() => action(call(on, formPost(PATH, { intent: "listing", listUsed: "maybe" }, cookie))));
    expect(bad.status).toBe(400);
    await settle(() => action(call(on, formPost(PATH, { intent: "listing", listUsed: "off" }, cookie))));
    expect(on.discogsSync.overview().listUsed).toBe(false);
    const rows = t.db.select().from(auditLog).where(eq(auditLog.entityId, "discogs.list_used")).all();
    expect(rows.map((r) => r.after)).toEqual([{ listUsedCopiesOnDiscogs: true }, { listUsedCopiesOnDiscogs: false }]);
  });

  it("Try again puts a failed job back in the queue (audited); an unknown job is a 404", async () => {
    const cookie = await cookieFor("admin");
    const job = t.db
      .insert(discogsJobs)
      .values({
        kind: "poll_orders",
        dedupeKey: "poll_orders",
        state: "failed",
        attempts: 6,
        runAfter: new Date().toISOString(),
        lastError: "Discogs failed (HTTP 500).",
      })
      .returning()
      .get();
    const page = await settle(() => loader(call(on, pageGet(PATH, cookie))));
    expect(page.data!.failed.map((j) => j.lastError)).toContain("Discogs failed (HTTP 500).");
    const out = await settle(() => action(call(on, formPost(PATH, { intent: "retry", jobId: String(job.id) }, cookie))));
    expect(out.status).toBe(303);
    expect(t.db.select().from(discogsJobs).where(eq(discogsJobs.id, job.id)).get()).toMatchObject({
      state: "queued",
      attempts: 0,
    });
    expect(
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "discogs_job"), eq(auditLog.action, "retry")))
        .all(),
    ).toHaveLength(1);
    const missing = await settle(() => action(call(on, formPost(PATH, { intent: "retry", jobId: "999999" }, cookie))));
    expect(missing.status).toBe(404);
    const junk = await settle(() => action(call(on, formPost(PATH, { intent: "retry", jobId: "abc" }, cookie))));
    expect(junk.status).toBe(400);
  });
});
