import { subscriberListQuerySchema } from "../../../app/domain/newsletter/subscriber-list";
import { router, staffProcedure } from "../init";

/** The newsletter's subscribers (admin.subscribers.*): the same query and service as /admin/email-marketing. */
export const adminSubscribersRouter = router({
  list: staffProcedure("email.manage")
    .input(subscriberListQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminSubscribers.list(input)),
});
