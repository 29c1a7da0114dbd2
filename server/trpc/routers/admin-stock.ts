import { adjustStockSchema, goodsInSchema, stockQuerySchema, thresholdSchema } from "../../../app/domain/stock/stock-rules";
import { z } from "../../../app/domain/shared/zod";
import { adminProcedure, router } from "../init";

const recordId = z.object({ recordId: z.number().int().positive() });

/** admin.stock.*: the stock-management page's use cases, with the same schemas as its forms. */
export const adminStockRouter = router({
  list: adminProcedure.input(stockQuerySchema).query(({ ctx, input }) => ctx.services.adminStock.list(input, ctx.today)),
  counts: adminProcedure.query(({ ctx }) => ctx.services.adminStock.counts(ctx.today)),
  history: adminProcedure.input(recordId).query(({ ctx, input }) => ({
    record: ctx.services.adminStock.record(input.recordId, ctx.today),
    movements: ctx.services.adminStock.history(input.recordId),
  })),
  adjust: adminProcedure
    .input(recordId.and(adjustStockSchema))
    .mutation(({ ctx, input: { recordId, ...adjustment } }) => ctx.services.adminStock.adjust(ctx.user, recordId, adjustment)),
  goodsIn: adminProcedure.input(goodsInSchema).mutation(({ ctx, input }) => ctx.services.adminStock.goodsIn(ctx.user, input)),
  setThreshold: adminProcedure
    .input(recordId.and(thresholdSchema))
    .mutation(({ ctx, input }) => ctx.services.adminStock.setThreshold(ctx.user, input.recordId, { threshold: input.threshold })),
});
