import {
  calendarQuerySchema,
  moveReleaseDateSchema,
  publishNowSchema,
  scheduleSchema,
  upcomingQuerySchema,
} from "../../../app/domain/schedule/schedule";
import { z } from "../../../app/domain/shared/zod";
import { router, staffProcedure } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** The release schedule (admin.schedule.*): the same schemas and service as /admin/schedule-management. */
export const adminScheduleRouter = router({
  calendar: staffProcedure("schedule.manage")
    .input(calendarQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminSchedule.calendar(input.month, { today: ctx.today })),

  upcoming: staffProcedure("schedule.manage")
    .input(upcomingQuerySchema)
    .query(({ ctx, input }) => ctx.services.adminSchedule.upcoming(input, { today: ctx.today })),

  scheduled: staffProcedure("schedule.manage").query(({ ctx }) => ctx.services.adminSchedule.scheduled({ today: ctx.today })),

  moveReleaseDate: staffProcedure("schedule.manage")
    .input(moveReleaseDateSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.adminSchedule.moveReleaseDate(actorOf(ctx.actor), input.recordId, input.releaseDate, {
        today: ctx.today,
        keepPhysicalReleaseDate: input.keepPhysicalReleaseDate,
      }),
    ),

  /** Schedule for a London date and time, publish now, or withdraw a record. */
  schedule: staffProcedure("schedule.manage")
    .input(
      z.discriminatedUnion("action", [
        z.object({ action: z.literal("schedule"), item: scheduleSchema }),
        z.object({ action: z.literal("publishNow"), item: publishNowSchema }),
        z.object({ action: z.literal("unpublish"), item: publishNowSchema }),
      ]),
    )
    .mutation(({ ctx, input }) => {
      const actor = actorOf(ctx.actor);
      const s = ctx.services.adminSchedule;
      if (input.action === "schedule") return s.schedule(actor, input.item);
      if (input.action === "publishNow") return s.publishNow(actor, input.item);
      return s.unpublish(actor, input.item);
    }),
});
