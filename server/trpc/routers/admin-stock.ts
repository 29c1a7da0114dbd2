import { adjustStockSchema, goodsInSchema, stockQuerySchema, thresholdSchema } from "../../../app/domain/stock/stock-rules";
import { z } from "../../../app/domain/shared/zod";
import { router, staffProcedure } from "../init";

const recordId = z.object({ recordId: z.number().int().positive() });

/** admin.stock.*: the stock-management page's use cases, with the same schemas as its forms. */
export const adminStockRouter = router({
  list: staffProcedure("stock.manage")
    .input(stockQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminStock.list(input, ctx.today)),
  counts: staffProcedure("stock.manage").query(({ ctx }) => ctx.services.adminStock.counts(ctx.today)),
  history: staffProcedure("stock.manage")
    .input(recordId)
    .query(({ ctx, input }) => ({
      record: ctx.services.adminStock.record(input.recordId, ctx.today),
      movements: ctx.services.adminStock.history(input.recordId),
    })),
  adjust: staffProcedure("stock.manage")
    .input(recordId.and(adjustStockSchema))
    .mutation(({ ctx, input: { recordId, ...adjustment } }) => ctx.services.adminStock.adjust(ctx.actor, recordId, adjustment)),
  goodsIn: staffProcedure("stock.manage")
    .input(goodsInSchema)
    .mutation(({ ctx, input }) => ctx.services.adminStock.goodsIn(ctx.actor, input)),
  setThreshold: staffProcedure("stock.manage")
    .input(recordId.and(thresholdSchema))
    .mutation(({ ctx, input }) =>
      ctx.services.adminStock.setThreshold(ctx.actor, input.recordId, { threshold: input.threshold }),
    ),
});
