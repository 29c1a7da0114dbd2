/**
 * What delivery abroad is priced and declared with: the back office's rate table and packaging weight (the shop's
 * defaults until it saves its own), the euro rate for the EU's €150 test, the shop's IOSS and EORI numbers
 * (configuration) and each label's country of origin. Read on every priced cart, so kept per change to the database.
 */
import { DEFAULT_RATES, type RateBand } from "../../app/domain/international/delivery-services";
import { DEFAULT_EXCHANGE_RATE, type ExchangeRate } from "../../app/domain/international/destination-vat";
import { DEFAULT_PACKAGING_GRAMS } from "../../app/domain/international/parcel-weight";
import type { Db } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { labelOrigins, shippingRates, shippingSettings } from "../../db/schema";

export interface DeliverySettings {
  rates: readonly RateBand[];
  packagingGrams: number;
  exchangeRate: ExchangeRate;
  /** The shop's IOSS number, or null: EU orders are then exports. */
  iossNumber: string | null;
  /** The shop's EORI number for customs declarations, or null. */
  eoriNumber: string | null;
  /** Whether the rate table is the shop's defaults (nothing saved yet). */
  defaultRates: boolean;
}

const configured = (value: string | null | undefined) => (value ? value.toUpperCase().replace(/\s+/g, "") : null);

export function createDeliverySettingsService(db: Db, options: { iossNumber?: string | null; eoriNumber?: string | null } = {}) {
  const iossNumber = configured(options.iossNumber === undefined ? process.env.IOSS_NUMBER : options.iossNumber);
  const eoriNumber = configured(options.eoriNumber === undefined ? process.env.EORI_NUMBER : options.eoriNumber);
  const cached = createReadCache(db, { max: 4 });

  function read(): DeliverySettings {
    const rows = db.select().from(shippingRates).all();
    const saved = db.select().from(shippingSettings).get();
    return {
      rates: rows.length > 0 ? rows.map((r) => ({ ...r, service: r.service as RateBand["service"] })) : DEFAULT_RATES,
      defaultRates: rows.length === 0,
      packagingGrams: saved?.packagingGrams ?? DEFAULT_PACKAGING_GRAMS,
      exchangeRate: saved ? { eurPerGbp: Number(saved.eurPerGbp), asOf: saved.eurRateAsOf } : DEFAULT_EXCHANGE_RATE,
      iossNumber,
      eoriNumber,
    };
  }

  function labelOriginMap(): ReadonlyMap<string, string> {
    return new Map(
      db
        .select()
        .from(labelOrigins)
        .all()
        .map((r) => [r.label.toLowerCase(), r.countryCode]),
    );
  }

  return {
    get: (): DeliverySettings => cached("settings", read),
    /** A label's country of origin, if the back office set one (labels compared without regard to case). */
    labelOrigin(label: string): string | undefined {
      return cached("labels", labelOriginMap).get(label.trim().toLowerCase());
    },
  };
}

export type DeliverySettingsService = ReturnType<typeof createDeliverySettingsService>;
