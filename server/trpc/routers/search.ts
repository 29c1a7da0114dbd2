import { z } from "zod";
import { MAX_SEARCH_CHARS } from "../../../app/domain/search/search-rules";
import { publicProcedure, router } from "../init";

export const searchInput = z.object({ q: z.string().max(MAX_SEARCH_CHARS) });

export const searchRouter = router({
  /** The header's dropdown: up to 8 records ({ id, title, artist, coverUrl }) and the total for "See all". */
  suggest: publicProcedure.input(searchInput).query(({ ctx, input }) => ctx.services.search.suggest(input.q, { today: ctx.today })),
});
