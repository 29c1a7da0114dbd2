import {
  calendarQuerySchema,
  moveReleaseDateSchema,
  publishNowSchema,
  scheduleSchema,
  upcomingQuerySchema,
} from "../../../app/domain/schedule/schedule";
import { z } from "../../../app/domain/shared/zod";
import { adminProcedure, router } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** The release schedule (admin.schedule.*): the same schemas and service as /admin/schedule-management. */
export const adminScheduleRouter = router({
  calendar: adminProcedure
    .input(calendarQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminSchedule.calendar(input.month, { today: ctx.today })),

  upcoming: adminProcedure
    .input(upcomingQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminSchedule.upcoming(input, { today: ctx.today })),

  scheduled: adminProcedure.query(({ ctx }) => ctx.services.adminSchedule.scheduled({ today: ctx.today })),

  moveReleaseDate: adminProcedure
    .input(moveReleaseDateSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.adminSchedule.moveReleaseDate(actorOf(ctx.user), input.recordId, input.releaseDate, { today: ctx.today }),
    ),

  /** Schedule for a London date and time, publish now, or withdraw a record. */
  schedule: adminProcedure
    .input(
      z.discriminatedUnion("action", [
        z.object({ action: z.literal("schedule"), item: scheduleSchema }),
        z.object({ action: z.literal("publishNow"), item: publishNowSchema }),
        z.object({ action: z.literal("unpublish"), item: publishNowSchema }),
      ]),
    )
    .mutation(({ ctx, input }) => {
      const actor = actorOf(ctx.user);
      const s = ctx.services.adminSchedule;
      if (input.action === "schedule") return s.schedule(actor, input.item);
      if (input.action === "publishNow") return s.publishNow(actor, input.item);
      return s.unpublish(actor, input.item);
    }),
});
