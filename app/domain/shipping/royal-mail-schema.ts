/**
 * The Royal Mail fields' schemas, apart from the service table and the tracking number rule (royal-mail.ts), so a
 * page that only shows a tracking link or the shop's address does not load the schema library with them.
 */
import { z } from "~/domain/shared/zod";
import { isRoyalMailTrackingNumber, normaliseTrackingNumber, ROYAL_MAIL_SERVICES, type RoyalMailServiceKey } from "./royal-mail";

export const royalMailServiceSchema = z.enum(
  ROYAL_MAIL_SERVICES.map((s) => s.key) as [RoyalMailServiceKey, ...RoyalMailServiceKey[]],
  {
    error: "Choose a Royal Mail service",
  },
);

export const trackingNumberSchema = z
  .string()
  .trim()
  .max(40, "A tracking number is 13 characters, like AB123456785GB")
  .transform(normaliseTrackingNumber)
  .refine(isRoyalMailTrackingNumber, "Not a Royal Mail tracking number (two letters, nine digits, GB — e.g. AB123456785GB)");
