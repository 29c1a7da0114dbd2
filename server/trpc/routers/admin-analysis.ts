import { analysisQuerySchema, resolveRange } from "../../../app/domain/admin/analysis/range";
import { router, staffProcedure } from "../init";

/** The business analysis figures (admin.analysis.*): the same schema and service as /admin/business-analysis. */
export const adminAnalysisRouter = router({
  figures: staffProcedure("analysis.view")
    .input(analysisQuerySchema)
    .query(({ ctx, input }) => ctx.services.businessAnalysis.all(resolveRange(input, ctx.today), ctx.today)),
});
