import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../app/domain/admin/audit";
import { DEFAULT_RATES } from "../../app/domain/international/delivery-services";
import { rateTableSchema, recordCustomsSchema } from "../../app/domain/international/delivery-settings-schema";
import { ForbiddenError, NotFoundError } from "../../app/domain/shared/errors";
import { auditLog, records, shippingRates, users } from "../../db/schema";
import { insertRecord, useShopServices } from "../../tests/setup/shop-fixtures";

const shop = useShopServices();
let owner: Actor;
let packer: Actor;

beforeAll(() => {
  const user = shop.t.db
    .insert(users)
    .values({ username: "rates-owner", email: "rates-owner@example.com", passwordHash: "x", role: "admin" })
    .returning()
    .get();
  owner = { id: user.id, username: user.username, permission: "shipping.settings" };
  packer = { id: user.id, username: user.username, permission: "orders.dispatch" };
});

const auditRows = (entityType: string) => shop.t.db.select().from(auditLog).where(eq(auditLog.entityType, entityType)).all();

describe("the back office's delivery settings", () => {
  it("saves one service's bands to a zone, writes the rest of the table from the shop's defaults, and audits it", () => {
    const table = rateTableSchema.parse({
      zone: "europe",
      service: "intl_standard",
      bands: [
        { maxGrams: "500", price: "8.95" },
        { maxGrams: "1000", price: "12.00" },
      ],
    });
    shop.s.deliveryAdmin.saveRateTable(owner, table);

    const settings = shop.s.deliverySettings.get();
    expect(settings.defaultRates).toBe(false);
    const europe = settings.rates.filter((r) => r.zone === "europe" && r.service === "intl_standard");
    expect(europe.map((r) => [r.maxGrams, r.pricePence]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [500, 895],
      [1000, 1200],
    ]);
    // Every other service keeps the shop's defaults, now saved.
    const others = DEFAULT_RATES.filter((r) => !(r.zone === "europe" && r.service === "intl_standard"));
    expect(shop.t.db.select().from(shippingRates).all()).toHaveLength(others.length + 2);

    const [row] = auditRows("delivery-rates");
    expect(row).toMatchObject({ entityId: "europe/intl_standard", action: "rates saved", area: "shipping" });
    expect(row!.before).toMatchObject({ bands: expect.stringContaining("up to 500 g £9.50") });
    expect(row!.after).toMatchObject({ bands: "up to 500 g £8.95, up to 1000 g £12.00" });
  });

  it("refuses someone without the delivery settings permission, and changes nothing", () => {
    const before = shop.t.db.select().from(shippingRates).all();
    const table = rateTableSchema.parse({ zone: "usa", service: "intl_tracked", bands: [{ maxGrams: "500", price: "1" }] });
    expect(() => shop.s.deliveryAdmin.saveRateTable(packer, table)).toThrow(ForbiddenError);
    expect(() => shop.s.deliveryAdmin.saveExchangeRate(packer, { eurPerGbp: "1.2", asOf: "2026-11-27" })).toThrow(ForbiddenError);
    expect(() => shop.s.deliveryAdmin.setLabelOrigin(packer, { label: "Warp", countryCode: "DE" })).toThrow(ForbiddenError);
    expect(shop.t.db.select().from(shippingRates).all()).toEqual(before);
    expect(auditRows("delivery-settings")).toHaveLength(0);
  });

  it("saves the euro rate and the packaging weight, each with its own audit row", () => {
    shop.s.deliveryAdmin.saveExchangeRate(owner, { eurPerGbp: "1.1650", asOf: "2026-11-27" });
    shop.s.deliveryAdmin.savePackaging(owner, 180);
    const settings = shop.s.deliverySettings.get();
    expect(settings.exchangeRate).toEqual({ eurPerGbp: 1.165, asOf: "2026-11-27" });
    expect(settings.packagingGrams).toBe(180);
    expect(auditRows("delivery-settings").map((r) => [r.action, r.before, r.after])).toEqual([
      ["euro rate saved", { eurPerGbp: "1.17", eurRateAsOf: "2025-11-03" }, { eurPerGbp: "1.1650", eurRateAsOf: "2026-11-27" }],
      ["packaging weight saved", { packagingGrams: 250 }, { packagingGrams: 180 }],
    ]);
  });

  it("adds, changes and removes a label's country of origin", () => {
    shop.s.deliveryAdmin.setLabelOrigin(owner, { label: "Blue Note", countryCode: "US" });
    shop.s.deliveryAdmin.setLabelOrigin(owner, { label: "blue note", countryCode: "DE" });
    expect(shop.s.deliveryAdmin.labelOrigins()).toEqual([{ label: "Blue Note", countryCode: "DE" }]);
    expect(shop.s.deliverySettings.labelOrigin("BLUE NOTE")).toBe("DE");
    shop.s.deliveryAdmin.removeLabelOrigin(owner, "Blue Note");
    expect(shop.s.deliveryAdmin.labelOrigins()).toEqual([]);
    expect(() => shop.s.deliveryAdmin.removeLabelOrigin(owner, "Blue Note")).toThrow(NotFoundError);
    expect(auditRows("label-origin").map((r) => r.action)).toEqual([
      "label origin added",
      "label origin changed",
      "label origin removed",
    ]);
  });
});

describe("a record's customs facts", () => {
  it("saves weight, tariff code and origin, audits them on the record, and takes it off the missing list", () => {
    const rec = insertRecord(shop.t.db, { title: "Customs Test", format: "2LP", label: "Warp" });
    const editor: Actor = { ...owner, permission: "catalogue.edit" };
    expect(shop.s.deliveryAdmin.missingCustoms().rows.map((r) => r.id)).toContain(rec.id);
    expect(shop.s.deliveryAdmin.recordCustoms(rec.id)).toMatchObject({
      weightGrams: null,
      defaults: { weightGrams: 460, hsCode: "852380", originCountry: "GB" },
    });

    const facts = recordCustomsSchema.parse({ weightGrams: "480", hsCode: "8523 80 90 00", originCountry: "cz" });
    shop.s.deliveryAdmin.setRecordCustoms(editor, rec.id, facts);

    const saved = shop.t.db.select().from(records).where(eq(records.id, rec.id)).get()!;
    expect([saved.weightGrams, saved.hsCode, saved.originCountry]).toEqual([480, "8523809000", "CZ"]);
    const [row] = shop.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "record"), eq(auditLog.entityId, String(rec.id))))
      .all();
    expect(row).toMatchObject({
      action: "customs facts saved",
      before: { weightGrams: null, hsCode: null, originCountry: null },
      after: { weightGrams: 480, hsCode: "8523809000", originCountry: "CZ" },
    });
    expect(shop.s.deliveryAdmin.missingCustoms().rows.map((r) => r.id)).not.toContain(rec.id);
  });

  it("refuses a packer, and a record that does not exist", () => {
    const rec = insertRecord(shop.t.db, {});
    const facts = recordCustomsSchema.parse({ weightGrams: "200" });
    expect(() => shop.s.deliveryAdmin.setRecordCustoms(packer, rec.id, facts)).toThrow(ForbiddenError);
    expect(() => shop.s.deliveryAdmin.setRecordCustoms(owner, 99_999_999, facts)).toThrow(NotFoundError);
  });
});
