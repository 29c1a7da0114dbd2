import { adminProcedure, router } from "../init";
import { adminCatalogueRouter } from "./admin-catalogue";

export const adminRouter = router({
  /** Counts for the admin dashboard: records, users and orders. */
  overview: adminProcedure.query(({ ctx }) => ctx.services.admin.overview()),
  catalogue: adminCatalogueRouter,
});
