import { subscriberListQuerySchema } from "../../../app/domain/newsletter/subscriber-list";
import { adminProcedure, router } from "../init";

/** The newsletter's subscribers (admin.subscribers.*): the same query and service as /admin/email-marketing. */
export const adminSubscribersRouter = router({
  list: adminProcedure.input(subscriberListQuerySchema).query(({ ctx, input }) => ctx.services.adminSubscribers.list(input)),
});
