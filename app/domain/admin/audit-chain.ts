import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";

/** One audit row's content as stored (JSON columns as their text), in the order the chain hashes it. */
export interface AuditRowContent {
  createdAt: string;
  actorName: string;
  actorIp: string | null;
  permission: string | null;
  area: string | null;
  entityType: string;
  entityId: string;
  action: string;
  before: string | null;
  after: string | null;
}

/**
 * A row's link in the audit log's chain: the SHA-256 of the previous row's hash and this row's content. Editing
 * or deleting any row (even with plain SQL) changes a hash that every later row depends on.
 */
export function auditRowHash(prevHash: string | null, row: AuditRowContent): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(auditRowText(prevHash, row))));
}

/** The text a row's hash is taken over (the server hashes it with Node's own SHA-256, which is faster). */
export function auditRowText(prevHash: string | null, row: AuditRowContent): string {
  return JSON.stringify([
    prevHash,
    row.createdAt,
    row.actorName,
    row.actorIp,
    row.permission,
    row.area,
    row.entityType,
    row.entityId,
    row.action,
    row.before,
    row.after,
  ]);
}

/**
 * Walks rows in id order and returns the first that no longer matches (its content, or its link to the row before).
 * Rows from before the chain began (no hash) are counted, not checked; the chain starts at the first hashed row.
 */
export function firstBrokenRow<R extends AuditRowContent & { id: number; prevHash: string | null; hash: string | null }>(
  rows: Iterable<R>,
): { checked: number; unchained: number; broken: { id: number; reason: string } | null } {
  let previous: string | null = null;
  let started = false;
  let checked = 0;
  let unchained = 0;
  for (const row of rows) {
    if (!started && row.hash === null) {
      unchained += 1;
      continue;
    }
    started = true;
    if (row.hash === null) return { checked, unchained, broken: { id: row.id, reason: "the row has no hash" } };
    if (row.prevHash !== previous)
      return { checked, unchained, broken: { id: row.id, reason: "the row before it was changed or removed" } };
    if (auditRowHash(row.prevHash, row) !== row.hash)
      return { checked, unchained, broken: { id: row.id, reason: "the row's content was changed" } };
    previous = row.hash;
    checked += 1;
  }
  return { checked, unchained, broken: null };
}
