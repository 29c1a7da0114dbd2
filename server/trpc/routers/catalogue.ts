import { pageQuerySchema, recordIdSchema } from "../../../app/domain/catalogue/catalogue-queries";
import { toApiTrack } from "../../../app/domain/catalogue/record-api";
import { publicProcedure, router } from "../init";

/** Records a page at a time and one record, in the spec's track shape (as GET /api/tracks[/{id}]). */
export const catalogueRouter = router({
  list: publicProcedure.input(pageQuerySchema).query(({ ctx, input }) => {
    const page = ctx.services.catalogue.list({ ...input, today: ctx.today });
    return { ...page, items: page.items.map((r) => toApiTrack(r, ctx.today)) };
  }),
  byId: publicProcedure
    .input(recordIdSchema)
    .query(({ ctx, input }) => toApiTrack(ctx.services.catalogue.byId(input.id), ctx.today)),
});
