import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { writeCsv } from "~/domain/shared/csv";
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MAX_PAGE,
  auditCsvRow,
  auditLogQuerySchema,
  areaLabel,
  auditLogSearch,
  thingHref,
  type AuditLogRow,
} from "./audit-log";

const parse = (query: Record<string, string>) => auditLogQuerySchema.safeParse(query);

describe("the audit log's filters", () => {
  it("reads no filters as the first page of everything", () => {
    expect(auditLogQuerySchema.parse({})).toEqual({ page: 1 });
    expect(auditLogQuerySchema.parse({ who: " ", area: "", from: "", page: "" })).toEqual({ page: 1 });
  });

  it("takes a thing as kind and id, or as kind:id in one", () => {
    expect(auditLogQuerySchema.parse({ type: "order", id: " ND-1001 " })).toMatchObject({ type: "order", id: "ND-1001" });
    expect(auditLogQuerySchema.parse({ thing: "customer:42" })).toMatchObject({ type: "customer", id: "42" });
    expect(auditLogQuerySchema.parse({ thing: "access:GET /admin:x" })).toMatchObject({ type: "access", id: "GET /admin:x" });
    expect(parse({ thing: "customer" }).success).toBe(false);
    expect(parse({ thing: ":42" }).success).toBe(false);
  });

  it("refuses a bad date, a range that ends before it starts and a page past the bound", () => {
    expect(parse({ from: "2026-02-30" }).success).toBe(false);
    expect(parse({ from: "2026-03-02", to: "2026-03-01" }).error?.issues[0]?.message).toBe(
      "The start date is after the end date",
    );
    expect(parse({ from: "2026-03-01", to: "2026-03-01" }).success).toBe(true);
    expect(parse({ page: "0" }).success).toBe(false);
    expect(parse({ page: "1.5" }).success).toBe(false);
    expect(parse({ page: String(AUDIT_MAX_PAGE) }).success).toBe(true);
    expect(parse({ page: String(AUDIT_MAX_PAGE + 1) }).success).toBe(false);
  });

  it("refuses an area that is no area's name, and over-long text", () => {
    expect(parse({ area: "orders" }).success).toBe(true);
    expect(parse({ area: "sign-in" }).success).toBe(true);
    expect(parse({ area: "orders'--" }).success).toBe(false);
    expect(parse({ who: "x".repeat(101) }).success).toBe(false);
    expect(parse({ id: "x".repeat(101) }).success).toBe(false);
  });

  it("writes the filters back as a short address", () => {
    expect(auditLogSearch({ page: 1 })).toBe("");
    expect(auditLogSearch({ who: "7", area: "orders", type: "order", id: "ND-1", from: "2026-01-01", page: 3 })).toBe(
      "?who=7&area=orders&type=order&id=ND-1&from=2026-01-01&page=3",
    );
    const back = auditLogQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(auditLogSearch({ type: "email campaign", id: "4" }))),
    );
    expect(back).toEqual({ type: "email campaign", id: "4", page: 1 });
  });
});

describe("where a logged thing is shown", () => {
  it("names areas in words", () => {
    expect(areaLabel("orders")).toBe("Orders");
    expect(areaLabel("back-office")).toBe("Back office");
    expect(areaLabel("sign-in")).toBe("Sign in");
  });

  it("links orders, records, campaigns and slides to their pages", () => {
    expect(thingHref("order", "ND-1001")).toBe("/admin/order-management/ND-1001");
    expect(thingHref("record", "12")).toBe("/admin/catalog-update/12");
    expect(thingHref("email campaign", "3")).toBe("/admin/email-marketing/campaigns/3");
    expect(thingHref("home slide", "2")).toBe("/marketing-tools/slides/2");
  });

  it("links nothing it has no page for", () => {
    expect(thingHref("customer", "42")).toBeNull();
    expect(thingHref("export", "orders")).toBeNull();
    expect(thingHref("record", "../x")).toBeNull();
  });
});

describe("a row of the export", () => {
  const row: AuditLogRow = {
    id: 9,
    createdAt: "2026-07-01T12:30:00.000Z",
    actorId: 1,
    actorName: '=HYPERLINK("http://x")',
    actorIp: "198.51.100.7",
    area: "orders",
    permission: "orders.refund",
    entityType: "order",
    entityId: "ND-1001",
    action: "refunded",
    before: { refundedPence: 0 },
    after: { refundedPence: 350, note: "+1 goodwill" },
  };

  it("has a cell per column, the time in London and as stored", () => {
    const cells = auditCsvRow(row);
    expect(cells).toHaveLength(AUDIT_CSV_COLUMNS.length);
    expect(cells.slice(0, 3)).toEqual(["9", "01/07/2026 13:30", "2026-07-01T12:30:00.000Z"]);
    expect(cells[10]).toBe("Refunded: £0.00");
  });

  it("through the CSV writer, neutralises every cell a spreadsheet would read as a formula", () => {
    const written = (r: AuditLogRow) => parseCsv(writeCsv([auditCsvRow(r)]))[0] as string[];
    const cells = written({ ...row, entityId: "-1+1", action: "@SUM(A1)", before: { x: 1 }, after: null });
    expect(cells[3]).toBe('\'=HYPERLINK("http://x")');
    expect(cells[8]).toBe("'-1+1");
    expect(cells[9]).toBe("'@SUM(A1)");
    expect(cells[11]).toBe("");
    const risky = written({ ...row, actorName: "\tTab", actorIp: "+44", before: null, after: { a: "b" } });
    expect(risky[3]).toBe("'\tTab");
    expect(risky[4]).toBe("'+44");
    for (const cell of written(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
