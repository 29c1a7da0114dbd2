import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { AUDIT_CSV_LIMIT, AUDIT_MAX_PAGE, AUDIT_PAGE_SIZE, auditLogQuerySchema } from "../../app/domain/admin/audit-log";
import { users } from "../../db/schema";
import { migratedTestDb, type TestDb } from "../../tests/setup/test-db";
import { createAuditService, type AuditService } from "./audit";

let t: TestDb;
let audit: AuditService;
let ann: Actor;
let bob: Actor;

function staff(username: string): Actor {
  const row = t.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: "x", role: "admin" })
    .returning()
    .get();
  return { id: row.id, username, ip: "198.51.100.7", permission: "orders.refund" };
}

/** Rows written straight to the table at a chosen time (the service stamps its own), unchained. */
function rowAt(createdAt: string, over: { actor?: Actor; area?: string; type?: string; id?: string } = {}) {
  const actor = over.actor ?? ann;
  t.db.$client
    .prepare(
      `insert into audit_log (actor_id, actor_name, entity_type, entity_id, action, created_at, area)
       values (?, ?, ?, ?, 'edited', ?, ?)`,
    )
    .run(actor.id, actor.username, over.type ?? "record", over.id ?? "1", createdAt, over.area ?? "catalogue");
}

const search = (query: Record<string, string>) => audit.search(auditLogQuerySchema.parse(query));
const count = (sql: string) => t.db.$client.prepare<[], number>(sql).pluck().get()!;

beforeAll(() => {
  t = migratedTestDb();
  audit = createAuditService(t.db);
  ann = staff("ann");
  bob = staff("bob");
});
afterAll(() => t.cleanup());

describe("the audit log is append-only", () => {
  it("refuses a plain UPDATE or DELETE of a row, but lets a removed account's id go", () => {
    audit.record(ann, { entityType: "order", entityId: "ND-TRIG", action: "packed", after: { status: "packed" } });
    const id = count("select max(id) from audit_log");
    expect(() => t.db.$client.prepare("update audit_log set action = 'refunded' where id = ?").run(id)).toThrow(/append-only/);
    expect(() => t.db.$client.prepare("update audit_log set after = null where id = ?").run(id)).toThrow(/append-only/);
    expect(() => t.db.$client.prepare("delete from audit_log where id = ?").run(id)).toThrow(/append-only/);
    expect(count(`select count(*) from audit_log where id = ${id} and action = 'packed'`)).toBe(1);
    // Clearing the account (ON DELETE SET NULL) is the one change allowed; the name stays.
    t.db.$client.prepare("update audit_log set actor_id = null where id = ?").run(id);
    expect(count(`select count(*) from audit_log where id = ${id} and actor_name = 'ann'`)).toBe(1);
    expect(audit.verify().broken).toBeNull();
  });
});

describe("a row of the log", () => {
  it("keeps who, from where, under which permission and in which area", () => {
    audit.record(
      { ...bob, permission: "stock.manage" },
      { entityType: "record", entityId: 7, action: "stock count", before: { stock: 1 }, after: { stock: 3 } },
    );
    const [row] = search({ type: "record", id: "7" }).rows;
    expect(row).toMatchObject({
      actorId: bob.id,
      actorName: "bob",
      actorIp: "198.51.100.7",
      permission: "stock.manage",
      area: "stock",
      action: "stock count",
      before: { stock: 1 },
      after: { stock: 3 },
    });
  });

  it("records a download as an export of what, by whom", () => {
    audit.recordExport({ ...ann, permission: "customers.export" }, "orders", "orders", { status: "paid" });
    const [row] = search({ type: "export", id: "orders" }).rows;
    expect(row).toMatchObject({ actorName: "ann", action: "export", area: "orders", permission: "customers.export" });
    expect(row!.after).toEqual({ status: "paid" });
  });
});

describe("searching the log", () => {
  beforeAll(() => {
    // 23:30 UTC on 15 January is 23:30 in London (GMT); 22:30 UTC on 1 July is 23:30 there (BST).
    rowAt("2026-01-15T23:30:00.000Z", { type: "order", id: "ND-S1", area: "orders" });
    rowAt("2026-07-01T22:30:00.000Z", { type: "order", id: "ND-S2", area: "orders", actor: bob });
    rowAt("2026-07-01T23:30:00.000Z", { type: "customer", id: "42", area: "customers", actor: bob });
  });

  it("finds a person's rows by their account, or by the name kept for an account since removed", () => {
    const bobs = search({ who: String(bob.id) }).rows;
    expect(bobs.length).toBeGreaterThanOrEqual(3);
    expect(bobs.every((r) => r.actorId === bob.id)).toBe(true);
    expect(search({ who: "ann" }).rows.every((r) => r.actorName === "ann")).toBe(true);
    expect(search({ who: "nobody" }).total).toBe(0);
  });

  it("filters by area and by thing, newest first", () => {
    const orders = search({ area: "orders", type: "order" }).rows.map((r) => r.entityId);
    expect(orders.indexOf("ND-S2")).toBeLessThan(orders.indexOf("ND-S1"));
    expect(search({ thing: "customer:42" }).rows.map((r) => r.entityId)).toEqual(["42"]);
    expect(search({ type: "customer", id: "43" }).total).toBe(0);
  });

  it("takes dates as whole London days", () => {
    // 22:30 UTC on 1 July is 23:30 on 1 July in London; 23:30 UTC is already 2 July there.
    expect(search({ from: "2026-07-01", to: "2026-07-01" }).rows.map((r) => r.entityId)).toEqual(["ND-S2"]);
    expect(search({ from: "2026-07-02", to: "2026-07-02" }).rows.map((r) => r.entityId)).toEqual(["42"]);
    expect(search({ from: "2026-01-15", to: "2026-01-15" }).rows.map((r) => r.entityId)).toEqual(["ND-S1"]);
  });

  it("offers every person, area and kind of thing in the log as a choice", () => {
    const choices = audit.choices();
    expect(choices.people).toEqual([
      { id: ann.id, name: "ann" },
      { id: bob.id, name: "bob" },
    ]);
    expect(choices.areas).toEqual(expect.arrayContaining(["orders", "customers", "stock"]));
    expect(choices.types).toEqual(expect.arrayContaining(["customer", "export", "order", "record"]));
    expect(new Set(choices.types).size).toBe(choices.types.length);
  });
});

describe("paging and export bounds", () => {
  beforeAll(() => {
    // Enough rows for the page count's bound: one page's worth past the log's last page.
    const insert = t.db.$client.prepare(
      `insert into audit_log (actor_id, actor_name, entity_type, entity_id, action, area)
       values (?, 'ann', 'bulk', ?, 'edited', 'bulk')`,
    );
    t.db.$client.transaction(() => {
      for (let i = 1; i <= AUDIT_PAGE_SIZE * AUDIT_MAX_PAGE + AUDIT_PAGE_SIZE; i++) insert.run(ann.id, String(i));
    })();
  });

  it("gives a page of at most AUDIT_PAGE_SIZE rows, newest first, and the last page for one past it", () => {
    const first = search({ area: "bulk" });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.rows[0]!.entityId).toBe(String(AUDIT_PAGE_SIZE * AUDIT_MAX_PAGE + AUDIT_PAGE_SIZE));
    const third = search({ area: "bulk", page: "3" });
    expect(third.page).toBe(3);
    expect(third.rows[0]!.id).toBe(first.rows[0]!.id - 2 * AUDIT_PAGE_SIZE);
    const few = search({ type: "order", page: "40" });
    expect(few.page).toBe(1);
    expect(few.pageCount).toBe(1);
  });

  it("counts only as far as the last page it offers, and says there are more", () => {
    const all = search({ area: "bulk", page: String(AUDIT_MAX_PAGE) });
    expect(all.total).toBe(AUDIT_PAGE_SIZE * AUDIT_MAX_PAGE);
    expect(all.more).toBe(true);
    expect(all.pageCount).toBe(AUDIT_MAX_PAGE);
    expect(all.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(search({ type: "customer" })).toMatchObject({ total: 1, more: false });
  });

  it("exports at most AUDIT_CSV_LIMIT rows, newest first, and says when it cut", () => {
    const { csv, rows, cut } = audit.csv({ area: "bulk" });
    expect(rows).toBe(AUDIT_CSV_LIMIT);
    expect(cut).toBe(true);
    const lines = parseCsv(csv, { bom: true }) as string[][];
    expect(lines).toHaveLength(AUDIT_CSV_LIMIT + 1);
    expect(lines[1]![8]).toBe(String(AUDIT_PAGE_SIZE * AUDIT_MAX_PAGE + AUDIT_PAGE_SIZE));
    expect(audit.csv({ type: "customer", id: "42" })).toMatchObject({ rows: 1, cut: false });
  });
});

describe("the hash chain", () => {
  it("holds over rows written by the service, and names the first row edited with plain SQL", () => {
    const fresh = migratedTestDb();
    try {
      const log = createAuditService(fresh.db);
      const owner = fresh.db
        .insert(users)
        .values({ username: "owner", email: "owner@example.com", passwordHash: "x", role: "admin" })
        .returning()
        .get();
      const actor = { id: owner.id, username: "owner", ip: "203.0.113.9", permission: "orders.refund" };
      for (const n of [1, 2, 3, 4]) log.record(actor, { entityType: "order", entityId: `ND-${n}`, action: "refunded" });
      expect(log.verify()).toEqual({ checked: 4, unchained: 0, broken: null });

      const third = fresh.db.$client.prepare<[], number>("select id from audit_log where entity_id = 'ND-3'").pluck().get()!;
      fresh.db.$client.exec("DROP TRIGGER audit_log_no_update");
      fresh.db.$client.prepare("update audit_log set actor_ip = '192.0.2.1' where id = ?").run(third);
      expect(log.verify().broken).toEqual({ id: third, reason: "the row's content was changed" });

      // Put back, then a row removed: the row after it no longer links to the one before.
      fresh.db.$client.prepare("update audit_log set actor_ip = '203.0.113.9' where id = ?").run(third);
      expect(log.verify().broken).toBeNull();
      fresh.db.$client.exec("DROP TRIGGER audit_log_no_delete");
      fresh.db.$client.prepare("delete from audit_log where id = ?").run(third);
      expect(log.verify().broken).toEqual({ id: third + 1, reason: "the row before it was changed or removed" });
    } finally {
      fresh.cleanup();
    }
  });
});
