import { clubSignUpSchema, memberActionSchema } from "../../../app/domain/club/club-schemas";
import { parseInput } from "../../../app/domain/shared/parse-input";
import { z } from "../../../app/domain/shared/zod";
import { protectedProcedure, publicProcedure, router } from "../init";
import { rateLimitedProtectedProcedure } from "../rate-limited";

/** The record club over tRPC (club.*): the same schemas and service as /subscribe and the profile's club panel. */
export const clubRouter = router({
  plans: publicProcedure.query(({ ctx }) => ctx.services.club.plans()),

  membership: protectedProcedure.query(({ ctx }) => ctx.services.club.membership(ctx.user.id, { today: ctx.today })),

  /** Joins with the card (the offline test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined). */
  // Card payments from one address are limited as checkouts are (card testing).
  signUp: rateLimitedProtectedProcedure("checkoutPerAddress")
    .input(z.record(z.string(), z.unknown()))
    .mutation(({ ctx, input }) =>
      // The card's expiry is checked against today, so the schema is built per request.
      ctx.services.club.signUp(ctx.user, parseInput(clubSignUpSchema(ctx.today), input), { today: ctx.today }),
    ),

  act: protectedProcedure
    .input(memberActionSchema)
    .mutation(({ ctx, input }) => ctx.services.club.act(ctx.user.id, input.action, { today: ctx.today })),
});
