import { newsletterSchema } from "../../../app/domain/newsletter/newsletter-schema";
import { router } from "../init";
import { rateLimitedProcedure } from "../rate-limited";

/**
 * The newsletter sign-up over tRPC (same answer as POST /api/subscribe). tRPC's context has no
 * response to set a cookie on, so the code is shown to the caller that created the subscription and
 * to a signed-in owner, but this path does not give the browser the nl_sub cookie.
 */
export const subscribeRouter = router({
  create: rateLimitedProcedure("newsletterPerAddress")
    .input(newsletterSchema)
    .mutation(({ ctx, input }) => {
      const { created: _created, ...answer } = ctx.services.newsletter.subscribe(input, {
        ownerEmail: null,
        userEmail: ctx.user?.email ?? null,
      });
      return answer;
    }),
});
