import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { migratedTestDb } from "../tests/setup/test-db";
import { createAuditService } from "../server/services/audit";

const t = migratedTestDb();
afterAll(() => t.cleanup());
const audit = createAuditService(t.db);
const owner = t.db.insert(users).values({ username: "owner", email: "owner@example.com", passwordHash: "x", role: "admin" });
const admin = { id: Number(owner.run().lastInsertRowid), username: "owner", ip: "198.51.100.7", permission: "orders.refund" };

function run() {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], {
    env: { ...process.env, DATABASE_PATH: t.file },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each run starts a Node process with tsx: seconds apiece on a busy machine.
describe("npm run audit:verify", { timeout: 120_000 }, () => {
  it("says the log is intact, counting rows from before the chain apart, then finds a row edited with plain SQL", () => {
    // A row written before rows were chained (no hash), as an older shop's log holds.
    t.db.$client
      .prepare("insert into audit_log (actor_name, entity_type, entity_id, action) values ('old', 'order', 'ND-1', 'packed')")
      .run();
    for (const n of [1, 2, 3]) audit.record(admin, { entityType: "order", entityId: `ND-${n}`, action: "refunded" });
    const intact = run();
    expect(intact.err).toBe("");
    expect(intact.out.trim()).toBe("Audit log intact: 3 rows checked (1 from before the chain).");
    expect(intact.code).toBe(0);

    const second = t.db.$client.prepare<[], number>("select id from audit_log where entity_id = 'ND-2'").pluck().get()!;
    t.db.$client.exec("DROP TRIGGER audit_log_no_update");
    t.db.$client.prepare("update audit_log set action = 'packed' where id = ?").run(second);
    const broken = run();
    expect(broken.out).toBe("");
    expect(broken.err.trim()).toBe(`Audit log broken at row #${second}: the row's content was changed.`);
    expect(broken.code).toBe(1);
  });
});
