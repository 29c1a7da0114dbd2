import { createCallerFactory, router } from "./init";
import { catalogueRouter } from "./routers/catalogue";

export const appRouter = router({
  catalogue: catalogueRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
