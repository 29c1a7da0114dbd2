/**
 * The back office's changes to delivery abroad: a service's rate table, the packaging weight, the euro rate, each
 * label's country of origin, and a record's own weight, tariff code and origin. Each is one transaction with its
 * audit row (before and after); the reads stay in delivery-settings.ts.
 */
import { and, asc, count, eq, isNull, or } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import { customsFacts } from "../../app/domain/international/customs";
import { deliveryService, rateTableProblems, type RateBand } from "../../app/domain/international/delivery-services";
import type { RateTableInput, RecordCustoms } from "../../app/domain/international/delivery-settings-schema";
import { formatDefaultGrams } from "../../app/domain/international/parcel-weight";
import { ForbiddenError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { labelOrigins, records, shippingRates, shippingSettings } from "../../db/schema";
import type { createAuditService } from "./audit";
import type { DeliverySettingsService } from "./delivery-settings";

type AuditService = ReturnType<typeof createAuditService>;

export const SETTINGS_PERMISSION = "shipping.settings";
/** A record's customs facts are catalogue data: catalogue editors set them, as do those who keep delivery settings. */
const RECORD_PERMISSIONS = ["catalogue.edit", SETTINGS_PERMISSION];
/** The list of records relying on defaults shows this many at most (with the whole count). */
export const MISSING_LIST_LIMIT = 200;

export interface MissingCustomsRow {
  id: number;
  title: string;
  artist: string;
  format: string | null;
  label: string | null;
  weightGrams: number | null;
  hsCode: string | null;
  originCountry: string | null;
}

/** "up to 500 g £9.50, up to 750 g £11.00": a table as its audit row shows it. */
function bandsText(bands: readonly RateBand[]): string {
  return [...bands]
    .sort((a, b) => a.maxGrams - b.maxGrams)
    .map((b) => `up to ${b.maxGrams} g £${(b.pricePence / 100).toFixed(2)}`)
    .join(", ");
}

function refuseUnless(actor: Actor, allowed: readonly string[]): void {
  if (!actor.permission || !allowed.includes(actor.permission))
    throw new ForbiddenError("You may not change delivery rates or customs settings.");
}

export function createDeliveryAdminService(db: Db, deps: { audit: AuditService; settings: DeliverySettingsService }) {
  const { audit, settings } = deps;

  /** The saved row (id 1), or the settings in force, for a change to one of its two parts. */
  function savedSettings() {
    const now = settings.get();
    return {
      packagingGrams: now.packagingGrams,
      eurPerGbp: String(now.exchangeRate.eurPerGbp),
      eurRateAsOf: now.exchangeRate.asOf,
    };
  }

  function writeSettings(actor: Actor, change: Partial<ReturnType<typeof savedSettings>>, action: string) {
    refuseUnless(actor, [SETTINGS_PERMISSION]);
    writeTransaction(db, (tx) => {
      const before = savedSettings();
      const after = { ...before, ...change };
      tx.insert(shippingSettings)
        .values({ id: 1, ...after })
        .onConflictDoUpdate({ target: shippingSettings.id, set: after })
        .run();
      const keys = Object.keys(change) as (keyof typeof before)[];
      audit.record(actor, {
        entityType: "delivery-settings",
        entityId: "settings",
        action,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      });
    });
  }

  return {
    /**
     * One service's bands to one zone, replacing what it had. The whole table is written at once (the shop's
     * defaults for every other service when nothing was saved before), so no half-saved table is ever priced.
     */
    saveRateTable(actor: Actor, { zone, service, bands }: RateTableInput): void {
      refuseUnless(actor, [SETTINGS_PERMISSION]);
      writeTransaction(db, (tx) => {
        const current = settings.get().rates;
        const mine = (r: RateBand) => r.zone === zone && r.service === service;
        const next = [...current.filter((r) => !mine(r)), ...bands];
        const problems = rateTableProblems(next);
        if (problems.length > 0) throw new ValidationError(problems[0]!);
        tx.delete(shippingRates).run();
        tx.insert(shippingRates).values(next).run();
        audit.record(actor, {
          entityType: "delivery-rates",
          entityId: `${zone}/${service}`,
          action: "rates saved",
          before: { service: deliveryService(service)?.name ?? service, zone, bands: bandsText(current.filter(mine)) },
          after: { service: deliveryService(service)?.name ?? service, zone, bands: bandsText(bands) },
        });
      });
    },

    savePackaging(actor: Actor, packagingGrams: number): void {
      writeSettings(actor, { packagingGrams }, "packaging weight saved");
    },

    saveExchangeRate(actor: Actor, rate: { eurPerGbp: string; asOf: string }): void {
      writeSettings(actor, { eurPerGbp: rate.eurPerGbp, eurRateAsOf: rate.asOf }, "euro rate saved");
    },

    labelOrigins(): { label: string; countryCode: string }[] {
      return db
        .select({ label: labelOrigins.label, countryCode: labelOrigins.countryCode })
        .from(labelOrigins)
        .orderBy(asc(labelOrigins.label))
        .all();
    },

    /** Adds a label's origin, or changes it (labels matched without regard to case, kept as first typed). */
    setLabelOrigin(actor: Actor, { label, countryCode }: { label: string; countryCode: string }): void {
      refuseUnless(actor, [SETTINGS_PERMISSION]);
      writeTransaction(db, (tx) => {
        const existing = tx
          .select()
          .from(labelOrigins)
          .all()
          .find((r) => r.label.toLowerCase() === label.toLowerCase());
        if (existing) tx.update(labelOrigins).set({ countryCode }).where(eq(labelOrigins.label, existing.label)).run();
        else tx.insert(labelOrigins).values({ label, countryCode }).run();
        audit.record(actor, {
          entityType: "label-origin",
          entityId: existing?.label ?? label,
          action: existing ? "label origin changed" : "label origin added",
          before: existing ? { countryCode: existing.countryCode } : null,
          after: { countryCode },
        });
      });
    },

    removeLabelOrigin(actor: Actor, label: string): void {
      refuseUnless(actor, [SETTINGS_PERMISSION]);
      writeTransaction(db, (tx) => {
        const existing = tx.select().from(labelOrigins).where(eq(labelOrigins.label, label)).get();
        if (!existing) throw new NotFoundError(`No country of origin is set for ${label}.`);
        tx.delete(labelOrigins).where(eq(labelOrigins.label, label)).run();
        audit.record(actor, {
          entityType: "label-origin",
          entityId: label,
          action: "label origin removed",
          before: { countryCode: existing.countryCode },
          after: null,
        });
      });
    },

    /** A record's own customs facts, and what applies when one is blank (its format's weight, 852380, its label's origin). */
    recordCustoms(recordId: number) {
      const row = db
        .select({
          weightGrams: records.weightGrams,
          hsCode: records.hsCode,
          originCountry: records.originCountry,
          format: records.format,
          label: records.label,
        })
        .from(records)
        .where(eq(records.id, recordId))
        .get();
      if (!row) throw new NotFoundError("No such record.");
      const defaults = customsFacts({ hsCode: null, originCountry: null, label: row.label }, settings.labelOrigin);
      return {
        weightGrams: row.weightGrams,
        hsCode: row.hsCode,
        originCountry: row.originCountry,
        defaults: { weightGrams: formatDefaultGrams(row.format), ...defaults },
      };
    },

    setRecordCustoms(actor: Actor, recordId: number, facts: RecordCustoms): void {
      refuseUnless(actor, RECORD_PERMISSIONS);
      writeTransaction(db, (tx) => {
        const before = tx
          .select({ weightGrams: records.weightGrams, hsCode: records.hsCode, originCountry: records.originCountry })
          .from(records)
          .where(eq(records.id, recordId))
          .get();
        if (!before) throw new NotFoundError("No such record.");
        tx.update(records).set(facts).where(eq(records.id, recordId)).run();
        audit.record(actor, { entityType: "record", entityId: recordId, action: "customs facts saved", before, after: facts });
      });
    },

    /** Records relying on a default weight, tariff code or origin: the first MISSING_LIST_LIMIT, and how many in all. */
    missingCustoms(): { count: number; rows: MissingCustomsRow[] } {
      const missing = or(isNull(records.weightGrams), isNull(records.hsCode), isNull(records.originCountry));
      const where = and(missing, isNull(records.usedOfRecordId));
      const total = db.select({ n: count() }).from(records).where(where).get()?.n ?? 0;
      const rows = db
        .select({
          id: records.id,
          title: records.title,
          artist: records.artist,
          format: records.format,
          label: records.label,
          weightGrams: records.weightGrams,
          hsCode: records.hsCode,
          originCountry: records.originCountry,
        })
        .from(records)
        .where(where)
        .orderBy(asc(records.artist), asc(records.title), asc(records.id))
        .limit(MISSING_LIST_LIMIT)
        .all();
      return { count: total, rows };
    },
  };
}

export type DeliveryAdminService = ReturnType<typeof createDeliveryAdminService>;
