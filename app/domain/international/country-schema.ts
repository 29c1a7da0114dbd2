/**
 * A country as a form or an API client sends it: its ISO 3166 code ("IE") or its English name ("Ireland"), read
 * as the code; blank means the United Kingdom. One schema for the checkout's address, the club's and the API's.
 */
import { z } from "~/domain/shared/zod";
import { findCountry, UNITED_KINGDOM } from "./countries";

export const COUNTRY_MESSAGE = "Please choose a country from the list";

export const countryCodeSchema = z
  .string()
  .max(80, COUNTRY_MESSAGE)
  .optional()
  .transform((v, ctx) => {
    if (!v?.trim()) return UNITED_KINGDOM.code;
    const country = findCountry(v);
    if (country) return country.code;
    ctx.addIssue({ code: "custom", message: COUNTRY_MESSAGE });
    return z.NEVER;
  })
  .describe('ISO 3166-1 alpha-2 code ("IE"), or the English name ("Ireland"); the United Kingdom when left out');
