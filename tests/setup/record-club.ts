/** The record club under test: the shop's services, a club on a slow test card, and members made to order. */
import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { clubMemberships, clubPayments, users } from "../../db/schema";
import { clubSignUpSchema } from "../../app/domain/club/club-schemas";
import { createMailLinks } from "../../server/mail/links";
import type { SubscriptionPayments } from "../../app/domain/payments/club-payments";
import { createTestSubscriptionPayments, type SubscriptionLedger } from "../../server/payments/subscriptions";
import { createClubService, type ClubService } from "../../server/services/club";
import { SHOP_PUBLIC_ORIGIN, useShopServices } from "./shop-fixtures";

export const JOINED = "2026-11-25";
export const PAYS = { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/30", cardCvc: "123" };
export const DECLINES = { ...PAYS, cardNumber: "4000 0000 0000 0002" };
/** A member's delivery address, as the sign-up form sends it. */
export const CLUB_ADDRESS = { name: "Ann Lee", addressLine1: "1 Groove Street", city: "Leeds", postalCode: "ls1 4ap" };

/**
 * A club for one test file, on the test provider answering slowly so two runs overlap; its ledger holds one
 * entry per real charge. Everything it returns may be taken at the file's top level: `club` is filled with the
 * service before the tests run.
 */
export function useRecordClub() {
  const shop = useShopServices();
  const ledger: SubscriptionLedger = new Map();
  const club = {} as ClubService;
  beforeAll(() => {
    const inner = createTestSubscriptionPayments(ledger);
    const payments: SubscriptionPayments = {
      ...inner,
      async chargeSaved(token, amount, key) {
        await new Promise((r) => setTimeout(r, 5));
        return inner.chargeSaved(token, amount, key);
      },
    };
    Object.assign(
      club,
      createClubService(shop.t.db, {
        payments,
        mail: shop.s.mail,
        links: createMailLinks(SHOP_PUBLIC_ORIGIN),
        audit: shop.s.audit,
      }),
    );
  });

  let n = 0;
  const member = (role: "customer" | "admin" = "customer") => {
    n += 1;
    return shop.t.db
      .insert(users)
      .values({ username: `club${n}`, passwordHash: "x", email: `club${n}@example.com`, role })
      .returning()
      .get();
  };
  return {
    shop,
    club,
    member,
    chargedKeys: (prefix: string) => [...ledger.keys()].filter((k) => k.startsWith(prefix)).length,
    signUp: (userId: number, card = PAYS, plan = "one-lp") =>
      club.signUp({ id: userId }, clubSignUpSchema(JOINED).parse({ plan, favouriteGenre: "Jazz", ...CLUB_ADDRESS, ...card }), {
        today: JOINED,
      }),
    row: (userId: number) => shop.t.db.select().from(clubMemberships).where(eq(clubMemberships.userId, userId)).all(),
    payments: (membershipId: number) =>
      shop.t.db.select().from(clubPayments).where(eq(clubPayments.membershipId, membershipId)).orderBy(clubPayments.id).all(),
    setToken: (id: number, token: string) =>
      shop.t.db.update(clubMemberships).set({ paymentToken: token }).where(eq(clubMemberships.id, id)).run(),
  };
}
