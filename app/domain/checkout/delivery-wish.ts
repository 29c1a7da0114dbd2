/**
 * The checkout form's country and delivery service, read on their own: the "Update delivery" button re-prices the
 * order for them without the rest of the form (which may still be half filled), so it works without JavaScript.
 */
import { findCountry, UNITED_KINGDOM } from "~/domain/international/countries";
import { deliveryService } from "~/domain/international/delivery-services";
import type { DeliveryWish } from "~/domain/international/delivery-quote";
import { z } from "~/domain/shared/zod";

/** The submit button that re-prices the summary for the country and service chosen, placing nothing. */
export const UPDATE_DELIVERY_INTENT = "update-delivery";

export const UNKNOWN_COUNTRY_MESSAGE = "Please choose a country from the list";

/** What the Update delivery button checks: a country the shop knows, and a service if one was ticked. */
export const deliveryWishSchema = z.object({
  country: z
    .string({ error: UNKNOWN_COUNTRY_MESSAGE })
    .max(80, UNKNOWN_COUNTRY_MESSAGE)
    .refine((v) => findCountry(v) !== undefined, UNKNOWN_COUNTRY_MESSAGE),
  deliveryService: z.string().max(40).optional(),
});

/**
 * The delivery a posted form asks for, to price its summary with: an unknown country is priced as the UK (the
 * form says beside the country what is wrong), an unknown service as the country's default.
 */
export function postedDeliveryWish(formData: FormData): DeliveryWish {
  const typed = formData.get("country");
  const country = typeof typed === "string" && typed.length <= 80 ? findCountry(typed) : undefined;
  const service = formData.get("deliveryService");
  return {
    countryCode: (country ?? UNITED_KINGDOM).code,
    service: typeof service === "string" && deliveryService(service) ? service : null,
  };
}
