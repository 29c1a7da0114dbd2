import { moveSlideSchema, slideIdSchema, slideSchema } from "../../../app/domain/home/slide-schema";
import { adminProcedure, router } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/**
 * The home page's slides (admin.slides.*): the same schema and service as /marketing-tools/slides. Images are
 * uploaded through that page's form (multipart files, not JSON); here a slide keeps the images it has.
 */
export const adminSlidesRouter = router({
  list: adminProcedure.query(({ ctx }) => ctx.services.slides.list()),

  create: adminProcedure.input(slideSchema).mutation(({ ctx, input }) => ctx.services.slides.create(actorOf(ctx.user), input)),

  update: adminProcedure
    .input(slideIdSchema.extend({ slide: slideSchema }))
    .mutation(({ ctx, input }) => ctx.services.slides.update(actorOf(ctx.user), input.slideId, input.slide)),

  move: adminProcedure.input(moveSlideSchema).mutation(({ ctx, input }) => {
    ctx.services.slides.move(actorOf(ctx.user), input.slideId, input.direction);
    return ctx.services.slides.list();
  }),

  remove: adminProcedure.input(slideIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.slides.remove(actorOf(ctx.user), input.slideId);
    return ctx.services.slides.list();
  }),
});
