import { adminProcedure, router } from "../init";
import { adminScheduleRouter } from "./admin-schedule";

export const adminRouter = router({
  /** Counts for the admin dashboard: records, users and orders. */
  overview: adminProcedure.query(({ ctx }) => ctx.services.admin.overview()),
  schedule: adminScheduleRouter,
});
