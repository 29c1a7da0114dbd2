import { createPostSchema, postIdSchema, recordSearchSchema, updatePostSchema } from "../../../app/domain/instagram/instagram";
import { adminProcedure, router } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** The Instagram post planner (admin.instagram.*): the same schemas and service as /admin/instagram-management. */
export const adminInstagramRouter = router({
  list: adminProcedure.query(({ ctx }) => ({
    posts: ctx.services.instagram.list(),
    canPublish: ctx.services.instagram.canPublish,
  })),

  records: adminProcedure.input(recordSearchSchema).query(({ ctx, input }) => ctx.services.instagram.recordChoices(input.q)),

  create: adminProcedure
    .input(createPostSchema)
    .mutation(({ ctx, input }) => ctx.services.instagram.create(actorOf(ctx.user), input)),

  update: adminProcedure
    .input(updatePostSchema)
    .mutation(({ ctx, input }) => ctx.services.instagram.update(actorOf(ctx.user), input)),

  remove: adminProcedure.input(postIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.instagram.remove(actorOf(ctx.user), input.postId);
    return { removed: input.postId };
  }),

  publish: adminProcedure
    .input(postIdSchema)
    .mutation(({ ctx, input }) => ctx.services.instagram.publish(actorOf(ctx.user), input.postId)),
});
