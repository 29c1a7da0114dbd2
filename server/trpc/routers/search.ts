import { searchQuerySchema } from "../../../app/domain/search/search-schema";
import { publicProcedure, router } from "../init";

export const searchRouter = router({
  /** The header's dropdown: up to 8 records ({ id, title, artist, coverUrl }) and the total for "See all". */
  suggest: publicProcedure
    .input(searchQuerySchema)
    .query(({ ctx, input }) => ctx.services.search.suggest(input.q, { today: ctx.today })),
});
