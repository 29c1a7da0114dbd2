import { DELIVERY_SERVICES } from "~/domain/international/delivery-services";
import { describe, expect, it } from "vitest";
import { ROYAL_MAIL_SERVICES, isRoyalMailTrackingNumber, royalMailService, trackingUrl } from "./royal-mail";
import { royalMailServiceSchema, trackingNumberSchema } from "./royal-mail-schema";

describe("Royal Mail tracking numbers", () => {
  it("accepts S10 numbers with the right check digit", () => {
    // 47312482 → weights 8,6,4,2,3,5,9,7: 32+42+12+2+6+20+72+14 = 200; 200 mod 11 = 2; 11 − 2 = 9.
    expect(isRoyalMailTrackingNumber("RR473124829GB")).toBe(true);
    expect(isRoyalMailTrackingNumber("rr 4731 2482 9gb")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong shape or another country", () => {
    expect(isRoyalMailTrackingNumber("RR473124827GB")).toBe(false);
    expect(isRoyalMailTrackingNumber("RR47312482GB")).toBe(false);
    expect(isRoyalMailTrackingNumber("RR473124825US")).toBe(false);
    expect(isRoyalMailTrackingNumber("1Z999AA10123456784")).toBe(false);
    expect(isRoyalMailTrackingNumber("")).toBe(false);
  });

  it("maps check results of 10 and 11 to 0 and 5", () => {
    // 00000000 → sum 0 → 11 → 5.
    expect(isRoyalMailTrackingNumber("AA000000005GB")).toBe(true);
    // 00000001 → 7 → 11 − 7 = 4.
    expect(isRoyalMailTrackingNumber("AA000000014GB")).toBe(true);
    // 00000100 → 5 → 6; 00010000 → 3 → 8; 00000011 → 9+7 = 16 → 5 → 6.
    expect(isRoyalMailTrackingNumber("AA000001006GB")).toBe(true);
    // 00000030 → 27 → 27 mod 11 = 5 → 6; 10000001 → 8+7 = 15 → 4 → 7; 00000110 → 5+9 = 14 → 3 → 8.
    // 00100000 → 4 → 7; 00000040 → 36 → 3 → 8; 00000002 → 14 → 3 → 8; 00000101 → 12 → 1 → 10 → 0.
    expect(isRoyalMailTrackingNumber("AA000001010GB")).toBe(true);
  });

  it("normalises what the schema lets through and explains a refusal", () => {
    expect(trackingNumberSchema.parse(" rr473124829gb ")).toBe("RR473124829GB");
    const bad = trackingNumberSchema.safeParse("RR473124827GB");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/Royal Mail tracking number/);
  });

  it("links to Royal Mail's tracking page", () => {
    expect(trackingUrl("rr473124829gb")).toBe("https://www.royalmail.com/track-your-item#/tracking-results/RR473124829GB");
  });
});

describe("Royal Mail services", () => {
  it("offers the five UK services and the two international ones, each with a price in pence", () => {
    expect(ROYAL_MAIL_SERVICES.map((s) => s.name)).toEqual([
      "2nd Class",
      "1st Class",
      "Tracked 48",
      "Tracked 24",
      "Special Delivery Guaranteed by 1pm",
      "International Standard",
      "International Tracked & Signed",
    ]);
    for (const s of ROYAL_MAIL_SERVICES) expect(Number.isInteger(s.costPence) && s.costPence > 0).toBe(true);
  });

  it("packs every service a shopper can choose at checkout", () => {
    for (const s of DELIVERY_SERVICES) expect(royalMailService(s.key)?.key).toBe(s.key);
  });

  it("refuses an unknown service", () => {
    expect(royalMailServiceSchema.safeParse("tracked_48").success).toBe(true);
    expect(royalMailServiceSchema.safeParse("parcelforce").success).toBe(false);
  });
});
