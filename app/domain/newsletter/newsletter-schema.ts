/**
 * The newsletter sign-up rules and texts (spec §4, §5, §8), shared by the footer form (validation as
 * you type), its action, the REST shim, tRPC, the service and the OpenAPI document.
 */
import { z } from "~/domain/shared/zod";

export const INVALID_EMAIL = "Please enter a valid email address";
export const SELECT_GENRE = "Please select your favorite genre";

export const SUBSCRIBED_TITLE = "Subscription Successful";
export const SUBSCRIBED_TEXT = "Thank you for subscribing! Your discount code is ready to use.";
export const ALREADY_TITLE = "Already Subscribed";
export const ALREADY_TEXT = "You're already subscribed to our newsletter!";
export const FAILED_TITLE = "Subscription Failed";
export const FAILED_TEXT = "Failed to subscribe. Please try again.";
/** Spec §8: the text when something other than an Error was thrown. */
export const ERROR_TEXT = "An error occurred";
export const REJOINED_TEXT = "Welcome back! You're subscribed to our newsletter again.";
export const INVALID_UNSUBSCRIBE = "This unsubscribe link is invalid or has already been used.";

/** Trimmed and lower-cased, so "  Ann@Example.COM " and "ann@example.com" are one subscriber. */
export const newsletterEmailSchema = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .toLowerCase()
  .pipe(z.email(INVALID_EMAIL).max(254, INVALID_EMAIL));

export const newsletterSchema = z.object({
  email: newsletterEmailSchema,
  favoriteGenre: z.string({ error: SELECT_GENRE }).trim().min(1, SELECT_GENRE).max(60, SELECT_GENRE),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;

/**
 * GET /api/subscribers/email/{email}: the address as given. An address that does not read as one is
 * answered like an unknown one (404), so the call reveals nothing.
 */
export const subscriberLookupSchema = z.object({ email: z.string().describe("The address, URL-encoded") });
