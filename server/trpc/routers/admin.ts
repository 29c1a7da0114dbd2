import { router, staffProcedure } from "../init";
import { adminOrdersRouter } from "./admin-orders";
import { adminStockRouter } from "./admin-stock";
import { adminScheduleRouter } from "./admin-schedule";
import { adminCatalogueRouter } from "./admin-catalogue";
import { adminClubRouter } from "./admin-club";
import { adminAnalysisRouter } from "./admin-analysis";
import { adminUsedCopiesRouter } from "./admin-used-copies";
import { adminCurationRouter } from "./admin-curation";
import { adminSubscribersRouter } from "./admin-subscribers";
import { adminSlidesRouter } from "./admin-slides";
import { adminDiscountsRouter } from "./admin-discounts";
import { adminInstagramRouter } from "./admin-instagram";
import { adminCampaignsRouter } from "./admin-campaigns";

export const adminRouter = router({
  /** The dashboard's figures: sales, what needs doing, the latest orders. */
  overview: staffProcedure("analysis.view").query(({ ctx }) => ctx.services.admin.overview()),
  orders: adminOrdersRouter,
  stock: adminStockRouter,
  schedule: adminScheduleRouter,
  catalogue: adminCatalogueRouter,
  club: adminClubRouter,
  analysis: adminAnalysisRouter,
  usedCopies: adminUsedCopiesRouter,
  curation: adminCurationRouter,
  subscribers: adminSubscribersRouter,
  slides: adminSlidesRouter,
  discounts: adminDiscountsRouter,
  instagram: adminInstagramRouter,
  campaigns: adminCampaignsRouter,
});
