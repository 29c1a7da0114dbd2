/** Small, explicit rows for shop tests: a record with the stock and price a test needs, a discount code. */
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client";
import { discountCodes, records, subscribers, type NewRecordRow } from "../../db/schema";
import { createServices, type Services } from "../../server/services";
import { catchMail, type MailCatcher } from "./mail-catcher";
import { migratedTestDb, type TestDb } from "./test-db";

let sequence = 0;

export function insertRecord(db: Db, overrides: Partial<NewRecordRow> = {}): { id: number; title: string; pricePence: number } {
  sequence += 1;
  const row = db
    .insert(records)
    .values({
      catalogueId: `fixture-${process.pid}-${Date.now()}-${sequence}`,
      title: `Fixture Record ${sequence}`,
      artist: "The Fixtures",
      genre: "Jazz",
      coverUrl: `/media/covers/fixture-${sequence}.jpg`,
      audioUrl: `/media/audio/fixture-${sequence}.wav`,
      duration: 180,
      pricePence: 2500,
      format: "LP",
      releaseDate: "2020-01-01",
      stockQuantity: 5,
      ...overrides,
    })
    .returning({ id: records.id, title: records.title, pricePence: records.pricePence })
    .get();
  return row;
}

/** A newsletter subscriber with a 10% first-order code (as the newsletter issues them). */
export function insertDiscountCode(db: Db, code: string, email = `${code.toLowerCase()}@example.com`): { codeId: number } {
  const sub = db.insert(subscribers).values({ email, discountCode: code, favoriteGenre: "Jazz" }).returning().get();
  const row = db.insert(discountCodes).values({ code, percentOff: 10, subscriberId: sub.id }).returning().get();
  return { codeId: row.id };
}

/** The public origin the shop services are configured with: every mailed link starts with it. */
export const SHOP_PUBLIC_ORIGIN = "https://needledrop.test";

/** A delivery address that passes the checkout's checks. */
export const TEST_ADDRESS = {
  name: "Ada Lovelace",
  addressLine1: "1 Record Row",
  city: "London",
  postalCode: "SW1A 1AA",
  country: "United Kingdom",
};

/**
 * A migrated temporary database and every service on it, for one test file: made before its tests,
 * removed after them (once any mail being sent has finished). Read `shop.t`, `shop.s` and the delivered
 * mail in `shop.inbox` inside tests.
 */
export function useShopServices(): { t: TestDb; s: Services; inbox: MailCatcher } {
  const shop = {} as { t: TestDb; s: Services; inbox: MailCatcher };
  beforeAll(() => {
    shop.t = migratedTestDb();
    // Mail is "sent" to an in-memory inbox, links pointing at the test shop's configured address.
    shop.inbox = catchMail();
    // Route tests act as one visitor address; tests of the limits build services with their own.
    shop.s = createServices(shop.t.db, {
      // Beside the database, so files the services keep (a catalogue import's) go with it.
      mediaDir: path.join(path.dirname(shop.t.file), "media"),
      mailTransport: shop.inbox,
      publicOrigin: SHOP_PUBLIC_ORIGIN,
      rateLimitFactor: 100,
    });
  });
  afterAll(async () => {
    await shop.s.mail.idle();
    shop.t.cleanup();
  });
  return shop;
}
