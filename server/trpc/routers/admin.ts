import { adminProcedure, router } from "../init";
import { adminStockRouter } from "./admin-stock";

export const adminRouter = router({
  /** Counts for the admin dashboard: records, users and orders. */
  overview: adminProcedure.query(({ ctx }) => ctx.services.admin.overview()),
  stock: adminStockRouter,
});
