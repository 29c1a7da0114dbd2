import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { changedFields, type Actor, type AuditActor } from "../../app/domain/admin/audit";
import { auditRowText, firstBrokenRow, type AuditRowContent } from "../../app/domain/admin/audit-chain";
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_LIMIT,
  AUDIT_MAX_PAGE,
  AUDIT_PAGE_SIZE,
  auditCsvRow,
  type AuditLogFilters,
  type AuditLogQuery,
  type AuditLogRow,
} from "../../app/domain/admin/audit-log";
import { londonDateRange } from "../../app/domain/orders/order-admin";
import { writeCsv } from "../../app/domain/shared/csv";

export interface AuditEntry {
  id: number;
  actorName: string;
  actorIp: string | null;
  permission: string | null;
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

/** A page of the log: its rows, newest first, and how many matched (counted up to the log's last page). */
export interface AuditLogPage {
  rows: AuditLogRow[];
  total: number;
  /** More rows matched than the log pages through (AUDIT_MAX_PAGE pages): `total` is that bound. */
  more: boolean;
  page: number;
  pageCount: number;
}

/** What the log's filters offer: the people, areas and kinds of thing that appear in it. */
export interface AuditLogChoices {
  people: { id: number; name: string }[];
  areas: string[];
  types: string[];
}

function areaFor(actor: AuditActor, entry: AuditRecordInput): string {
  if (entry.area) return entry.area;
  const permission = actor.permission ?? "";
  const dot = permission.indexOf(".");
  return dot > 0 ? permission.slice(0, dot) : entry.entityType;
}

/**
 * Adds chained rows to the audit log on one connection (the shop's, or an import's own). Call inside a write
 * transaction: reading the last hash and adding the row must not interleave with another writer.
 */
export function auditAppender(client: Database.Database) {
  const lastHash = client
    .prepare<[], string | null>("select hash from audit_log where hash is not null order by id desc limit 1")
    .pluck();
  const insert = client.prepare(
    `insert into audit_log (actor_id, actor_name, actor_ip, permission, area, entity_type, entity_id, action, before,
       after, created_at, prev_hash, hash)
     values (@actorId, @actorName, @actorIp, @permission, @area, @entityType, @entityId, @action, @before, @after,
       @createdAt, @prevHash, @hash)`,
  );
  return function append(actor: AuditActor, entry: AuditRecordInput): void {
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
    // auditRowHash's digest, from Node's native SHA-256: an import chains thousands of rows under the write lock.
    const hash = createHash("sha256").update(auditRowText(prevHash, content)).digest("hex");
    insert.run({ ...content, actorId: actor.id, prevHash, hash });
  };
}

/** Distinct values of an indexed column, one index seek each (a loose index scan), not a walk over every row. */
function distinctOf<T extends string | number>(db: Db, column: "area" | "actor_id" | "entity_type"): T[] {
  return db.$client
    .prepare<[], T>(
      `with recursive seen(v) as (
         select min(${column}) from audit_log
         union all
         select (select min(${column}) from audit_log where ${column} > seen.v) from seen where seen.v is not null
       )
       select v from seen where v is not null limit 500`,
    )
    .pluck()
    .all();
}

/**
 * The back office's audit log. Services write to it inside the same transaction as the change itself, so a
 * change and its row land together or not at all. Rows are only ever added (triggers refuse an UPDATE or DELETE),
 * and each carries a hash over its content and the previous row's hash (`npm run audit:verify` checks the chain).
 */
export function createAuditService(db: Db) {
  const append = auditAppender(db.$client);
  // Reading the last hash and adding the row must be one write transaction, or two processes could chain onto
  // the same row. Inside a service's transaction it already is; alone, it takes the write lock first.
  const appendAlone = db.$client.transaction(append);

  function record(actor: AuditActor, entry: AuditRecordInput): void {
    if (db.$client.inTransaction) append(actor, entry);
    else appendAlone.immediate(actor, entry);
  }

  const listed = {
    id: auditLog.id,
    createdAt: auditLog.createdAt,
    actorId: auditLog.actorId,
    actorName: auditLog.actorName,
    actorIp: auditLog.actorIp,
    area: auditLog.area,
    permission: auditLog.permission,
    entityType: auditLog.entityType,
    entityId: auditLog.entityId,
    action: auditLog.action,
    before: auditLog.before,
    after: auditLog.after,
  };

  function whereOf(f: AuditLogFilters): SQL | undefined {
    const { from, until } = londonDateRange(f.from, f.to);
    return and(
      // An account's id from the list; a name for one since removed (its rows keep the name, not the id).
      f.who === undefined
        ? undefined
        : /^\d{1,9}$/.test(f.who)
          ? eq(auditLog.actorId, Number(f.who))
          : eq(auditLog.actorName, f.who),
      f.area ? eq(auditLog.area, f.area) : undefined,
      f.type ? eq(auditLog.entityType, f.type) : undefined,
      f.id ? eq(auditLog.entityId, f.id) : undefined,
      from ? gte(auditLog.createdAt, from) : undefined,
      until ? lt(auditLog.createdAt, until) : undefined,
    );
  }

  return {
    record,

    /**
     * A download of shop data (orders, subscribers, the catalogue, …): who took it, from where and under which
     * permission. `filters` says what the download held, where the export takes any.
     */
    recordExport(actor: Actor, what: string, area: string, filters?: Record<string, unknown>): void {
      record(actor, { entityType: "export", entityId: what, action: "export", area, after: filters ?? null });
    },

    /** The newest changes to one order or record first (at most `limit`). */
    forEntity(entityType: string, entityId: string | number, limit = 100): AuditEntry[] {
      return db
        .select({
          id: auditLog.id,
          actorName: auditLog.actorName,
          actorIp: auditLog.actorIp,
          permission: auditLog.permission,
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

    /**
     * A page of the log, newest first, with the filters of `auditLogQuerySchema`. Bounded: AUDIT_PAGE_SIZE rows,
     * counted up to the last page the log offers (a page past the end shows the last one).
     */
    search(query: AuditLogQuery): AuditLogPage {
      const where = whereOf(query);
      const bound = AUDIT_PAGE_SIZE * AUDIT_MAX_PAGE;
      const matched = db
        .select({ one: sql`1` })
        .from(auditLog)
        .where(where)
        .limit(bound + 1)
        .as("matched");
      const n = db.select({ n: count() }).from(matched).get()?.n ?? 0;
      const total = Math.min(n, bound);
      const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
      const page = Math.min(Math.max(1, query.page), pageCount);
      const rows = db
        .select(listed)
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .all();
      return { rows, total, more: n > bound, page, pageCount };
    },

    /** The filters' choices: every person (by account), area and kind of thing in the log. */
    choices(): AuditLogChoices {
      const ids = distinctOf<number>(db, "actor_id");
      const names = new Map(
        ids.length
          ? db
              .select({ id: users.id, name: users.username })
              .from(users)
              .where(sql`${users.id} in (select value from json_each(${JSON.stringify(ids)}))`)
              .all()
              .map((u) => [u.id, u.name])
          : [],
      );
      const people = ids
        .map((id) => ({ id, name: names.get(id) ?? `#${id}` }))
        .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
      return { people, areas: distinctOf<string>(db, "area"), types: distinctOf<string>(db, "entity_type") };
    },

    /** The filtered log as CSV, newest first: at most AUDIT_CSV_LIMIT rows, every text cell neutralised. */
    csv(filters: AuditLogFilters): { csv: string; rows: number; cut: boolean } {
      const rows = db
        .select(listed)
        .from(auditLog)
        .where(whereOf(filters))
        .orderBy(desc(auditLog.id))
        .limit(AUDIT_CSV_LIMIT + 1)
        .all();
      const cut = rows.length > AUDIT_CSV_LIMIT;
      const kept = cut ? rows.slice(0, AUDIT_CSV_LIMIT) : rows;
      const csv = writeCsv([AUDIT_CSV_COLUMNS, ...kept.map(auditCsvRow)], { forSpreadsheets: true });
      return { csv, rows: kept.length, cut };
    },

    /** Checks the whole chain, a row at a time; the first row that no longer matches, or null. */
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
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
