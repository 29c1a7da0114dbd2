import { choosePickSchema, clubMembersQuerySchema, removeClubPickSchema } from "../../../app/domain/club/club-schemas";
import { router, staffProcedure } from "../init";

/** The record club's back office (admin.club.*): the same schemas and service as /admin/record-club. */
export const adminClubRouter = router({
  members: staffProcedure("club.manage")
    .input(clubMembersQuerySchema)
    .query(({ ctx, input }) => ctx.services.club.members(input, { today: ctx.today })),

  picks: staffProcedure("club.manage").query(({ ctx }) => ctx.services.club.picks({ today: ctx.today })),

  choosePick: staffProcedure("club.manage")
    .input(choosePickSchema)
    .mutation(({ ctx, input }) => ctx.services.club.choosePick(ctx.actor, input)),

  removePick: staffProcedure("club.manage")
    .input(removeClubPickSchema)
    .mutation(({ ctx, input }) => ctx.services.club.removePick(ctx.actor, input)),

  /** Makes this month's parcels for the members owed one (a second run makes nothing new). */
  generateParcels: staffProcedure("club.manage").mutation(({ ctx }) =>
    ctx.services.club.generateParcels({ today: ctx.today }, ctx.actor),
  ),
});
