import { z } from "zod";
import { toApiTrack } from "../../../app/domain/catalogue/record-api";
import { publicProcedure, router } from "../init";

export const pageInput = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(100).default(24),
});

export const catalogueRouter = router({
  list: publicProcedure.input(pageInput).query(({ ctx, input }) => {
    const page = ctx.services.catalogue.list({ ...input, today: ctx.today });
    return { ...page, items: page.items.map((r) => toApiTrack(r, ctx.today)) };
  }),
  byId: publicProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => toApiTrack(ctx.services.catalogue.byId(input.id), ctx.today)),
});
