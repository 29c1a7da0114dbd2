import { usedCopySchema } from "../../../app/domain/catalogue/used-copy-schema";
import { z } from "../../../app/domain/shared/zod";
import { router, staffProcedure } from "../init";

const recordId = z.coerce.number().int().positive();

/**
 * A pressing's used copies (admin.usedCopies.*): the same schema and service as the record's back-office page.
 * Photos are uploaded through that page's form (multipart files, not JSON); here they can be listed and removed.
 */
export const adminUsedCopiesRouter = router({
  list: staffProcedure("catalogue.edit")
    .input(z.object({ recordId }))
    .query(({ ctx, input }) => ctx.services.usedCopies.allOf(input.recordId)),

  add: staffProcedure("catalogue.edit")
    .input(z.object({ recordId, copy: usedCopySchema }))
    .mutation(({ ctx, input }) => ctx.services.usedCopies.add(ctx.actor, input.recordId, input.copy)),

  photos: staffProcedure("catalogue.edit")
    .input(z.object({ copyId: recordId }))
    .query(({ ctx, input }) => ctx.services.copyPhotos.of(input.copyId)),

  removePhoto: staffProcedure("catalogue.edit")
    .input(z.object({ copyId: recordId, photoId: recordId }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.copyPhotos.remove(ctx.actor, input.copyId, input.photoId);
      return ctx.services.copyPhotos.of(input.copyId);
    }),
});
