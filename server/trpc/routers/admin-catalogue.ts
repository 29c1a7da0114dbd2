import { z } from "zod";
import { newRecordSchema, recordFieldsSchema } from "../../../app/domain/catalogue/record-fields";
import { adminRecordListSchema } from "../../../app/domain/catalogue/admin-record-list";
import { importRefSchema } from "../../../app/domain/catalogue/import-ref";
import { router, staffProcedure } from "../init";

const id = z.number().int().positive();

/** The catalogue's back office: the same service and schemas as /admin/catalog-update (uploads stay on its forms). */
export const adminCatalogueRouter = router({
  list: staffProcedure("catalogue.edit")
    .input(adminRecordListSchema)
    .query(({ ctx, input }) => ctx.services.adminCatalogue.list(input)),
  get: staffProcedure("catalogue.edit")
    .input(z.object({ id }))
    .query(({ ctx, input }) => ctx.services.adminCatalogue.get(input.id)),
  create: staffProcedure("catalogue.edit")
    .input(newRecordSchema)
    .mutation(({ ctx, input }) => ctx.services.adminCatalogue.create(ctx.actor, input)),
  update: staffProcedure("catalogue.edit")
    .input(z.object({ id, fields: recordFieldsSchema }))
    .mutation(({ ctx, input }) => ctx.services.adminCatalogue.update(ctx.actor, input.id, input.fields)),
  setPublished: staffProcedure("catalogue.edit")
    .input(z.object({ id, published: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.services.adminCatalogue.setPublished(ctx.actor, input.id, input.published)),
  /** Polled by the import page while its form applies a file: how far the import has got, or null. */
  importProgress: staffProcedure("catalogue.edit")
    .input(importRefSchema)
    .query(({ ctx, input }) => ctx.services.adminCatalogue.importProgress(input.id, input.hash)),
});
