import { z } from "zod";
import { newRecordSchema, recordFieldsSchema } from "../../../app/domain/catalogue/record-fields";
import { adminRecordListSchema } from "../../../app/domain/catalogue/admin-record-list";
import { importRefSchema } from "../../../app/domain/catalogue/import-ref";
import { adminProcedure, router } from "../init";

const id = z.number().int().positive();

/** The catalogue's back office: the same service and schemas as /admin/catalog-update (uploads stay on its forms). */
export const adminCatalogueRouter = router({
  list: adminProcedure.input(adminRecordListSchema).query(({ ctx, input }) => ctx.services.adminCatalogue.list(input)),
  get: adminProcedure.input(z.object({ id })).query(({ ctx, input }) => ctx.services.adminCatalogue.get(input.id)),
  create: adminProcedure.input(newRecordSchema).mutation(({ ctx, input }) => ctx.services.adminCatalogue.create(ctx.user, input)),
  update: adminProcedure
    .input(z.object({ id, fields: recordFieldsSchema }))
    .mutation(({ ctx, input }) => ctx.services.adminCatalogue.update(ctx.user, input.id, input.fields)),
  setPublished: adminProcedure
    .input(z.object({ id, published: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.services.adminCatalogue.setPublished(ctx.user, input.id, input.published)),
  /** Polled by the import page while its form applies a file: how far the import has got, or null. */
  importProgress: adminProcedure
    .input(importRefSchema)
    .query(({ ctx, input }) => ctx.services.adminCatalogue.importProgress(input.id, input.hash)),
});
