import { describe, expect, it } from "vitest";
import { auditRowHash, firstBrokenRow, type AuditRowContent } from "./audit-chain";

function chain(contents: AuditRowContent[]) {
  let prev: string | null = null;
  return contents.map((c, i) => {
    const hash = auditRowHash(prev, c);
    const row = { ...c, id: i + 1, prevHash: prev, hash };
    prev = hash;
    return row;
  });
}

const row = (action: string, after: string | null = null): AuditRowContent => ({
  createdAt: "2026-11-29T10:00:00.000Z",
  actorName: "owner",
  actorIp: "198.51.100.7",
  permission: "orders.refund",
  area: "orders",
  entityType: "order",
  entityId: "ND-1001",
  action,
  before: null,
  after,
});

describe("the audit log's hash chain", () => {
  it("accepts an untouched chain and counts rows from before it", () => {
    const rows = chain([row("refund", '{"amount":500}'), row("cancel"), row("note")]);
    const legacy = { ...row("old"), id: 0, prevHash: null, hash: null };
    expect(firstBrokenRow([legacy, ...rows])).toEqual({ checked: 3, unchained: 1, broken: null });
  });

  it("finds an edited row, and a removed one by the row after it", () => {
    const rows = chain([row("refund", '{"amount":500}'), row("cancel"), row("note")]);
    const edited = rows.map((r) => (r.id === 1 ? { ...r, after: '{"amount":5}' } : r));
    expect(firstBrokenRow(edited).broken).toEqual({ id: 1, reason: "the row's content was changed" });
    const removed = rows.filter((r) => r.id !== 2);
    expect(firstBrokenRow(removed).broken?.id).toBe(3);
  });

  it("a rewritten hash does not hide an edit: the next row's link breaks", () => {
    const rows = chain([row("refund"), row("cancel")]);
    const forged = { ...rows[0]!, action: "nothing" };
    forged.hash = auditRowHash(forged.prevHash, forged);
    expect(firstBrokenRow([forged, rows[1]!]).broken?.id).toBe(2);
  });
});
