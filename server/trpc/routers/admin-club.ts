import { choosePickSchema, clubMembersQuerySchema } from "../../../app/domain/club/club-schemas";
import { adminProcedure, router } from "../init";

/** The record club's back office (admin.club.*): the same schemas and service as /admin/record-club. */
export const adminClubRouter = router({
  members: adminProcedure
    .input(clubMembersQuerySchema)
    .query(({ ctx, input }) => ctx.services.club.members(input, { today: ctx.today })),

  picks: adminProcedure.query(({ ctx }) => ctx.services.club.picks({ today: ctx.today })),

  choosePick: adminProcedure
    .input(choosePickSchema)
    .mutation(({ ctx, input }) => ctx.services.club.choosePick({ id: ctx.user.id, username: ctx.user.username }, input)),
});
