import {
  createDiscountRuleSchema,
  setDiscountActiveSchema,
  updateDiscountRuleSchema,
} from "../../../app/domain/discounts/discount-rule-schema";
import { z } from "../../../app/domain/shared/zod";
import { adminProcedure, router } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** Discount codes (admin.discounts.*): the same schemas and service as /marketing-tools. */
export const adminDiscountsRouter = router({
  list: adminProcedure.query(({ ctx }) => ctx.services.adminDiscounts.list()),

  get: adminProcedure
    .input(z.object({ id: z.coerce.number().int().positive() }))
    .query(({ ctx, input }) => ctx.services.adminDiscounts.get(input.id)),

  create: adminProcedure
    .input(createDiscountRuleSchema)
    .mutation(({ ctx, input }) => ctx.services.adminDiscounts.create(actorOf(ctx.user), input)),

  update: adminProcedure
    .input(updateDiscountRuleSchema)
    .mutation(({ ctx, input }) => ctx.services.adminDiscounts.update(actorOf(ctx.user), input.id, input.rule)),

  setActive: adminProcedure
    .input(setDiscountActiveSchema)
    .mutation(({ ctx, input }) => ctx.services.adminDiscounts.setActive(actorOf(ctx.user), input.id, input.active)),
});
