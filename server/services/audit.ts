import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";
import { changedFields, type Actor } from "../../app/domain/admin/audit";

export interface AuditEntry {
  id: number;
  actorName: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

/**
 * The back office's audit log. Services write to it inside the same transaction as the change itself, so a
 * change and its row land together or not at all.
 */
export function createAuditService(db: Db) {
  return {
    record(
      actor: Actor,
      entry: {
        entityType: string;
        entityId: string | number;
        action: string;
        before?: Record<string, unknown> | null;
        after?: Record<string, unknown> | null;
      },
    ): void {
      const diff = changedFields(entry.before ?? null, entry.after ?? null);
      db.insert(auditLog)
        .values({
          actorId: actor.id,
          actorName: actor.username,
          entityType: entry.entityType,
          entityId: String(entry.entityId),
          action: entry.action,
          before: diff.before,
          after: diff.after,
        })
        .run();
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
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
