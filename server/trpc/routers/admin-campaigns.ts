import {
  audienceSchema,
  campaignIdSchema,
  campaignSchema,
  sendCampaignSchema,
  testSendSchema,
} from "../../../app/domain/campaigns/campaign-schema";
import { adminProcedure, router } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** E-mail campaigns (admin.campaigns.*): the same schemas and service as /admin/email-marketing/campaigns. */
export const adminCampaignsRouter = router({
  list: adminProcedure.query(({ ctx }) => ctx.services.campaigns.list()),

  get: adminProcedure.input(campaignIdSchema).query(({ ctx, input }) => ctx.services.campaigns.get(input.campaignId)),

  /** Who a segment reaches now. */
  audience: adminProcedure.input(audienceSchema).query(({ ctx, input }) => ({ size: ctx.services.campaigns.audience(input) })),

  /** The mail as a subscriber gets it: subject, HTML and plain text. */
  preview: adminProcedure.input(campaignIdSchema).query(({ ctx, input }) => ctx.services.campaigns.preview(input.campaignId)),

  create: adminProcedure
    .input(campaignSchema)
    .mutation(({ ctx, input }) => ctx.services.campaigns.create(actorOf(ctx.user), input)),

  update: adminProcedure
    .input(campaignIdSchema.extend({ campaign: campaignSchema }))
    .mutation(({ ctx, input }) => ctx.services.campaigns.update(actorOf(ctx.user), input.campaignId, input.campaign)),

  remove: adminProcedure.input(campaignIdSchema).mutation(({ ctx, input }) => {
    ctx.services.campaigns.remove(actorOf(ctx.user), input.campaignId);
    return { removed: input.campaignId };
  }),

  testSend: adminProcedure
    .input(testSendSchema)
    .mutation(({ ctx, input }) => ctx.services.campaigns.testSend(actorOf(ctx.user), input)),

  send: adminProcedure
    .input(sendCampaignSchema)
    .mutation(({ ctx, input }) => ctx.services.campaigns.send(actorOf(ctx.user), input)),
});
