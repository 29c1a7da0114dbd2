import { createCallerFactory, router } from "./init";
import { adminRouter } from "./routers/admin";
import { catalogueRouter } from "./routers/catalogue";

export const appRouter = router({
  catalogue: catalogueRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
