import { moveSlideSchema, slideIdSchema, slideSchema } from "../../../app/domain/home/slide-schema";
import { router, staffProcedure } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/**
 * The home page's slides (admin.slides.*): the same schema and service as /marketing-tools/slides. Images are
 * uploaded through that page's form (multipart files, not JSON); here a slide keeps the images it has.
 */
export const adminSlidesRouter = router({
  list: staffProcedure("promotions.manage").query(({ ctx }) => ctx.services.slides.list()),

  create: staffProcedure("promotions.manage")
    .input(slideSchema)
    .mutation(({ ctx, input }) => ctx.services.slides.create(actorOf(ctx.actor), input)),

  update: staffProcedure("promotions.manage")
    .input(slideIdSchema.extend({ slide: slideSchema }))
    .mutation(({ ctx, input }) => ctx.services.slides.update(actorOf(ctx.actor), input.slideId, input.slide)),

  move: staffProcedure("promotions.manage")
    .input(moveSlideSchema)
    .mutation(({ ctx, input }) => {
      ctx.services.slides.move(actorOf(ctx.actor), input.slideId, input.direction);
      return ctx.services.slides.list();
    }),

  remove: staffProcedure("promotions.manage")
    .input(slideIdSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.slides.remove(actorOf(ctx.actor), input.slideId);
      return ctx.services.slides.list();
    }),
});
