import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import { changedFields, type Actor } from "../../app/domain/admin/audit";
import { auditRowHash, firstBrokenRow, type AuditRowContent } from "../../app/domain/admin/audit-chain";

export interface AuditEntry {
  id: number;
  actorName: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface AuditRecordInput {
  entityType: string;
  entityId: string | number;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The area to file the row under; by default the permission's area ("orders.refund" → "orders"). */
  area?: string;
}

function areaFor(actor: Actor, entry: AuditRecordInput): string {
  if (entry.area) return entry.area;
  const permission = actor.permission ?? "";
  const dot = permission.indexOf(".");
  return dot > 0 ? permission.slice(0, dot) : entry.entityType;
}

/**
 * The back office's audit log. Services write to it inside the same transaction as the change itself, so a
 * change and its row land together or not at all. Rows are only ever added (triggers refuse an UPDATE or DELETE),
 * and each carries a hash over its content and the previous row's hash (`npm run audit:verify` checks the chain).
 */
export function createAuditService(db: Db) {
  const lastHash = db.$client
    .prepare<[], string | null>("select hash from audit_log where hash is not null order by id desc limit 1")
    .pluck();

  function append(actor: Actor, entry: AuditRecordInput): void {
    const diff = changedFields(entry.before ?? null, entry.after ?? null);
    const content: AuditRowContent = {
      createdAt: new Date().toISOString(),
      actorName: actor.username,
      actorIp: actor.ip ?? null,
      permission: actor.permission ?? null,
      area: areaFor(actor, entry),
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      action: entry.action,
      // As the JSON columns store them: the chain hashes the stored text.
      before: diff.before === null ? null : JSON.stringify(diff.before),
      after: diff.after === null ? null : JSON.stringify(diff.after),
    };
    const prevHash = lastHash.get() ?? null;
    db.insert(auditLog)
      .values({
        ...content,
        actorId: actor.id,
        before: diff.before,
        after: diff.after,
        prevHash,
        hash: auditRowHash(prevHash, content),
      })
      .run();
  }
  // Reading the last hash and adding the row must be one write transaction, or two processes could chain onto
  // the same row. Inside a service's transaction it already is; alone, it takes the write lock first.
  const appendAlone = db.$client.transaction(append);

  return {
    record(actor: Actor, entry: AuditRecordInput): void {
      if (db.$client.inTransaction) append(actor, entry);
      else appendAlone.immediate(actor, entry);
    },

    /** The newest changes to one order or record first (at most `limit`). */
    forEntity(entityType: string, entityId: string | number, limit = 100): AuditEntry[] {
      return db
        .select({
          id: auditLog.id,
          actorName: auditLog.actorName,
          action: auditLog.action,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .all();
    },

    /** Checks the whole chain, a page of rows at a time; the first row that no longer matches, or null. */
    verify(): ReturnType<typeof firstBrokenRow> {
      const rows = db.$client
        .prepare<[], AuditRowContent & { id: number; prevHash: string | null; hash: string | null }>(
          `select id, created_at as createdAt, actor_name as actorName, actor_ip as actorIp, permission, area,
             entity_type as entityType, entity_id as entityId, action, before, after, prev_hash as prevHash, hash
           from audit_log order by id`,
        )
        .iterate();
      return firstBrokenRow(rows);
    },

    /** Whether any row is chained yet (for the log page's note). */
    hasChain(): boolean {
      return db.select({ id: auditLog.id }).from(auditLog).where(isNotNull(auditLog.hash)).limit(1).get() !== undefined;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
