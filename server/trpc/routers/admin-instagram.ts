import { createPostSchema, postIdSchema, recordSearchSchema, updatePostSchema } from "../../../app/domain/instagram/instagram";
import { router, staffProcedure } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** The Instagram post planner (admin.instagram.*): the same schemas and service as /admin/instagram-management. */
export const adminInstagramRouter = router({
  list: staffProcedure("instagram.manage").query(({ ctx }) => ({
    posts: ctx.services.instagram.list(),
    canPublish: ctx.services.instagram.canPublish,
  })),

  records: staffProcedure("instagram.manage")
    .input(recordSearchSchema)
    .query(({ ctx, input }) => ctx.services.instagram.recordChoices(input.q)),

  create: staffProcedure("instagram.manage")
    .input(createPostSchema)
    .mutation(({ ctx, input }) => ctx.services.instagram.create(actorOf(ctx.actor), input)),

  update: staffProcedure("instagram.manage")
    .input(updatePostSchema)
    .mutation(({ ctx, input }) => ctx.services.instagram.update(actorOf(ctx.actor), input)),

  remove: staffProcedure("instagram.manage")
    .input(postIdSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.instagram.remove(actorOf(ctx.actor), input.postId);
      return { removed: input.postId };
    }),

  publish: staffProcedure("instagram.manage")
    .input(postIdSchema)
    .mutation(({ ctx, input }) => ctx.services.instagram.publish(actorOf(ctx.actor), input.postId)),
});
