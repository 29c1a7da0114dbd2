import { wantSchema } from "../../../app/domain/wants/want-schema";
import { router } from "../init";
import { rateLimitedProcedure } from "../rate-limited";

/**
 * The Want button over tRPC: the same schema and answer as the record page's form. Guests and signed-in
 * customers alike are counted per network address here.
 */
export const wantsRouter = router({
  create: rateLimitedProcedure("wantsPerAddress")
    .input(wantSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.wants.want(input, { user: ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null }),
    ),
});
