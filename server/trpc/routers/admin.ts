import { adminProcedure, router } from "../init";
import { adminOrdersRouter } from "./admin-orders";

export const adminRouter = router({
  /** Counts for the admin dashboard: records, users and orders. */
  overview: adminProcedure.query(({ ctx }) => ctx.services.admin.overview()),
  orders: adminOrdersRouter,
});
