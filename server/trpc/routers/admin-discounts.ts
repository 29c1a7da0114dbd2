import {
  createDiscountRuleSchema,
  setDiscountActiveSchema,
  updateDiscountRuleSchema,
} from "../../../app/domain/discounts/discount-rule-schema";
import { z } from "../../../app/domain/shared/zod";
import { router, staffProcedure } from "../init";

const actorOf = (user: { id: number; username: string }) => ({ id: user.id, username: user.username });

/** Discount codes (admin.discounts.*): the same schemas and service as /marketing-tools. */
export const adminDiscountsRouter = router({
  list: staffProcedure("promotions.manage").query(({ ctx }) => ctx.services.adminDiscounts.list()),

  get: staffProcedure("promotions.manage")
    .input(z.object({ id: z.coerce.number().int().positive() }))
    .query(({ ctx, input }) => ctx.services.adminDiscounts.get(input.id)),

  create: staffProcedure("promotions.manage")
    .input(createDiscountRuleSchema)
    .mutation(({ ctx, input }) => ctx.services.adminDiscounts.create(actorOf(ctx.actor), input)),

  update: staffProcedure("promotions.manage")
    .input(updateDiscountRuleSchema)
    .mutation(({ ctx, input }) => ctx.services.adminDiscounts.update(actorOf(ctx.actor), input.id, input.rule)),

  setActive: staffProcedure("promotions.manage")
    .input(setDiscountActiveSchema)
    .mutation(({ ctx, input }) => ctx.services.adminDiscounts.setActive(actorOf(ctx.actor), input.id, input.active)),
});
