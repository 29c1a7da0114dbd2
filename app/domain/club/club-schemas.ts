import { cardSchema, shippingAddressSchema } from "../checkout/checkout-schemas";
import { GENRES } from "../catalogue/genres";
import { z } from "../shared/zod";
import { CLUB_PLAN_IDS, type ClubPlanId } from "./plans";
import { MEMBER_ACTIONS, MEMBERSHIP_STATUSES } from "./membership";

/**
 * Where a member's records go: the checkout's delivery address (any country the shop delivers to, its postcode in
 * that country's form), one rule for sign-up, /profile and the API.
 */
export const clubAddressSchema = shippingAddressSchema;
export type ClubAddress = z.output<typeof clubAddressSchema>;

/** The plan, genre and delivery address: all the shop asks when the card is taken on the payment provider's own page (Stripe). */
export const clubPlanChoiceSchema = clubAddressSchema.safeExtend({
  plan: z.enum(CLUB_PLAN_IDS, { error: "Please choose a plan" }),
  favouriteGenre: z.enum(GENRES, { error: "Please choose your favourite genre" }),
  /** The plans' prices as the page showed them (shownPlanPrices): a plan whose price changed since is not joined. */
  shownPrices: z
    .string()
    .max(300)
    .optional()
    .describe(
      'The prices shown to the member, "one-lp:2600,two-lp:4800": when the chosen plan\'s price is different, nothing is charged (409)',
    ),
});

export type ClubPlanChoice = z.output<typeof clubPlanChoiceSchema>;

/** Joining the club with the card on our form: one schema for the /subscribe form, its action and club.signUp. */
export function clubSignUpSchema(today: string) {
  return clubPlanChoiceSchema.safeExtend(cardSchema(today).shape);
}

export type ClubSignUp = z.output<ReturnType<typeof clubSignUpSchema>>;

export const memberActionSchema = z.object({
  action: z.enum(MEMBER_ACTIONS, { error: "Unknown club action" }),
});

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Please give the month as YYYY-MM");

/** The back office's member list: status filter and page, and a pick it asks to confirm removing, read from the URL. */
export const clubMembersQuerySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  removePlan: z.enum(CLUB_PLAN_IDS).optional().catch(undefined),
  removeMonth: monthSchema.optional().catch(undefined),
});

/** A plan's month: the pick taken back (the default then applies). */
export const removeClubPickSchema = z.object({
  plan: z.enum(CLUB_PLAN_IDS, { error: "Please choose a plan" }),
  month: monthSchema,
});

export const choosePickSchema = removeClubPickSchema.extend({
  recordId: z.coerce
    .number({ error: "Please enter a record number" })
    .int("Please enter a record number")
    .positive("Please enter a record number"),
});

export type ChoosePick = z.output<typeof choosePickSchema> & { plan: ClubPlanId };
