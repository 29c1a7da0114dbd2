import {
  audienceSchema,
  campaignIdSchema,
  campaignSchema,
  sendCampaignSchema,
  testSendSchema,
} from "../../../app/domain/campaigns/campaign-schema";
import { router, staffProcedure } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** E-mail campaigns (admin.campaigns.*): the same schemas and service as /admin/email-marketing/campaigns. */
export const adminCampaignsRouter = router({
  list: staffProcedure("email.manage").query(({ ctx }) => ctx.services.campaigns.list()),

  get: staffProcedure("email.manage")
    .input(campaignIdSchema)
    .query(({ ctx, input }) => ctx.services.campaigns.get(input.campaignId)),

  /** Who a segment reaches now. */
  audience: staffProcedure("email.manage")
    .input(audienceSchema)
    .query(({ ctx, input }) => ({ size: ctx.services.campaigns.audience(input) })),

  /** The mail as a subscriber gets it: subject, HTML and plain text. */
  preview: staffProcedure("email.manage")
    .input(campaignIdSchema)
    .query(({ ctx, input }) => ctx.services.campaigns.preview(input.campaignId)),

  create: staffProcedure("email.manage")
    .input(campaignSchema)
    .mutation(({ ctx, input }) => ctx.services.campaigns.create(actorOf(ctx.actor), input)),

  update: staffProcedure("email.manage")
    .input(campaignIdSchema.extend({ campaign: campaignSchema }))
    .mutation(({ ctx, input }) => ctx.services.campaigns.update(actorOf(ctx.actor), input.campaignId, input.campaign)),

  remove: staffProcedure("email.manage")
    .input(campaignIdSchema)
    .mutation(({ ctx, input }) => {
      ctx.services.campaigns.remove(actorOf(ctx.actor), input.campaignId);
      return { removed: input.campaignId };
    }),

  testSend: staffProcedure("email.manage")
    .input(testSendSchema)
    .mutation(({ ctx, input }) => ctx.services.campaigns.testSend(actorOf(ctx.actor), input)),

  send: staffProcedure("email.manage")
    .input(sendCampaignSchema)
    .mutation(({ ctx, input }) => ctx.services.campaigns.send(actorOf(ctx.actor), input)),
});
