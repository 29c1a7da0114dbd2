import { CURATED_LISTS } from "../../../app/domain/curation/curated-lists";
import { curatedPickSchema, movePickSchema, removePickSchema } from "../../../app/domain/curation/curated-pick-schema";
import { z } from "../../../app/domain/shared/zod";
import { router, staffProcedure } from "../init";

const list = z.object({ list: z.enum(CURATED_LISTS) });
const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** Curated lists (admin.curation.*): the same schemas and service as /marketing-tools/lists. */
export const adminCurationRouter = router({
  list: staffProcedure("promotions.manage")
    .input(list)
    .query(({ ctx, input }) => ctx.services.curation.adminList(input.list)),

  add: staffProcedure("promotions.manage")
    .input(curatedPickSchema)
    .mutation(({ ctx, input }) => ctx.services.curation.add(actorOf(ctx.actor), input)),

  move: staffProcedure("promotions.manage")
    .input(movePickSchema)
    .mutation(({ ctx, input }) => {
      const listKey = ctx.services.curation.move(actorOf(ctx.actor), input.pickId, input.direction);
      return ctx.services.curation.adminList(listKey);
    }),

  remove: staffProcedure("promotions.manage")
    .input(removePickSchema)
    .mutation(({ ctx, input }) => {
      const listKey = ctx.services.curation.remove(actorOf(ctx.actor), input.pickId);
      return ctx.services.curation.adminList(listKey);
    }),
});
