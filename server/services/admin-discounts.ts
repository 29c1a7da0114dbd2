/**
 * The back office's discount codes (/marketing-tools and admin.discounts.*): list with their use, create, change
 * and switch off. Every change is checked, made and audited in one transaction. The newsletter's per-subscriber
 * codes are rules too (10% off, first order only, one use); they are shown as one summary line and are not
 * edited here, so what subscribers were mailed stays true.
 */
import { and, desc, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Actor } from "../../app/domain/admin/audit";
import type { DiscountRule } from "../../app/domain/discounts/discount-rule";
import {
  RULE_MESSAGES,
  type CreateDiscountRuleInput,
  type DiscountRuleInput,
} from "../../app/domain/discounts/discount-rule-schema";
import { ConflictError, NotFoundError, ValidationError } from "../../app/domain/shared/errors";
import { writeTransaction, type Db } from "../../db/client";
import { discountCodes, orders, UNLIMITED_REDEMPTIONS, type DiscountCodeRow } from "../../db/schema";
import type { AuditService } from "./audit";
import { ruleOf } from "./discounts";

export interface DiscountCodeUsage {
  /** Orders placed with it that were not failed or cancelled. */
  orders: number;
  /** The discount those orders were given, in pence. */
  givenPence: number;
}

export type DiscountCodeSummary = DiscountRule &
  DiscountCodeUsage & { id: number; code: string; name: string; createdAt: string };

export interface NewsletterCodesSummary extends DiscountCodeUsage {
  issued: number;
  used: number;
}

export const NEWSLETTER_CODE_LOCKED = "Newsletter codes are issued to subscribers and cannot be changed here.";

const countingOrder = notInArray(orders.status, ["payment_failed", "cancelled"]);

/** The columns a rule is stored in. */
function columnsOf(rule: DiscountRuleInput) {
  return {
    name: rule.name,
    kind: rule.kind,
    percentOff: rule.kind === "percent" ? rule.amount : 100,
    amountOffPence: rule.kind === "fixed" ? rule.amount : null,
    minSpendPence: rule.minSpendPence,
    startsAt: rule.startsAt,
    expiresAt: rule.endsAt,
    maxRedemptions: rule.maxRedemptions ?? UNLIMITED_REDEMPTIONS,
    perCustomerLimit: rule.perCustomerLimit,
    firstOrderOnly: rule.firstOrderOnly,
  };
}

/** What the audit log keeps of a code. */
const snapshot = (row: DiscountCodeRow) => ({ code: row.code, name: row.name, ...ruleOf(row), redemptions: undefined });

export function createAdminDiscountsService(db: Db, deps: { audit: AuditService }) {
  const byId = (id: number) => db.select().from(discountCodes).where(eq(discountCodes.id, id)).get();

  function usage(where: ReturnType<typeof eq>) {
    return db
      .select({
        codeId: orders.discountCodeId,
        orders: sql<number>`count(*)`,
        givenPence: sql<number>`coalesce(sum(${orders.discountPence}), 0)`,
      })
      .from(orders)
      .innerJoin(discountCodes, eq(discountCodes.id, orders.discountCodeId))
      .where(and(where, countingOrder))
      .groupBy(orders.discountCodeId)
      .all();
  }

  function editable(id: number): DiscountCodeRow {
    const row = byId(id);
    if (!row) throw new NotFoundError("Discount code not found.");
    if (row.subscriberId !== null) throw new ValidationError(NEWSLETTER_CODE_LOCKED);
    return row;
  }

  /** One back-office code, for its edit form. */
  function get(id: number): DiscountCodeSummary | null {
    const row = byId(id);
    if (!row || row.subscriberId !== null) return null;
    const u = usage(eq(discountCodes.id, id))[0];
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      createdAt: row.createdAt,
      ...ruleOf(row),
      orders: u?.orders ?? 0,
      givenPence: u?.givenPence ?? 0,
    };
  }

  return {
    /** The back office's codes, newest first, with their use; and the newsletter's codes as one line. */
    list(): { codes: DiscountCodeSummary[]; newsletter: NewsletterCodesSummary } {
      const rows = db
        .select()
        .from(discountCodes)
        .where(isNull(discountCodes.subscriberId))
        .orderBy(desc(discountCodes.id))
        .all();
      const used = new Map(usage(isNull(discountCodes.subscriberId)).map((u) => [u.codeId, u]));
      const codes = rows.map((row) => ({
        id: row.id,
        code: row.code,
        name: row.name,
        createdAt: row.createdAt,
        ...ruleOf(row),
        orders: used.get(row.id)?.orders ?? 0,
        givenPence: used.get(row.id)?.givenPence ?? 0,
      }));
      const issued = db
        .select({ issued: sql<number>`count(*)`, used: sql<number>`coalesce(sum(${discountCodes.redemptions}), 0)` })
        .from(discountCodes)
        .where(isNotNull(discountCodes.subscriberId))
        .get();
      const newsletterUse = usage(isNotNull(discountCodes.subscriberId));
      return {
        codes,
        newsletter: {
          issued: issued?.issued ?? 0,
          used: issued?.used ?? 0,
          orders: newsletterUse.reduce((n, u) => n + u.orders, 0),
          givenPence: newsletterUse.reduce((n, u) => n + u.givenPence, 0),
        },
      };
    },

    get,

    /** A new code (input parsed with `createDiscountRuleSchema`). A code already taken is a ConflictError. */
    create(actor: Actor, input: CreateDiscountRuleInput): DiscountCodeSummary {
      return writeTransaction(db, () => {
        const row = db
          .insert(discountCodes)
          .values({ code: input.code, ...columnsOf(input) })
          .onConflictDoNothing({ target: discountCodes.code })
          .returning()
          .get();
        if (!row) throw new ConflictError(RULE_MESSAGES.taken, { code: [RULE_MESSAGES.taken] });
        deps.audit.record(actor, {
          entityType: "discount_code",
          entityId: row.id,
          action: "discount.create",
          after: snapshot(row),
        });
        return get(row.id)!;
      });
    },

    /** A code's new rule (input parsed with `updateDiscountRuleSchema`); its code itself stays. */
    update(actor: Actor, id: number, rule: DiscountRuleInput): DiscountCodeSummary {
      return writeTransaction(db, () => {
        const before = editable(id);
        if (rule.maxRedemptions !== null && rule.maxRedemptions < before.redemptions) {
          const message = `This code has been used ${before.redemptions} times: the limit cannot be lower than that.`;
          throw new ValidationError(message, { maxRedemptions: [message] });
        }
        const after = db.update(discountCodes).set(columnsOf(rule)).where(eq(discountCodes.id, id)).returning().get()!;
        deps.audit.record(actor, {
          entityType: "discount_code",
          entityId: id,
          action: "discount.update",
          before: snapshot(before),
          after: snapshot(after),
        });
        return get(id)!;
      });
    },

    /** Switches a code off (shoppers are told it isn't valid) or on again. */
    setActive(actor: Actor, id: number, active: boolean): DiscountCodeSummary {
      return writeTransaction(db, () => {
        const before = editable(id);
        if (before.active !== active) {
          db.update(discountCodes).set({ active }).where(eq(discountCodes.id, id)).run();
          deps.audit.record(actor, {
            entityType: "discount_code",
            entityId: id,
            action: active ? "discount.activate" : "discount.deactivate",
            before: { active: before.active },
            after: { active },
          });
        }
        return get(id)!;
      });
    },
  };
}

export type AdminDiscountsService = ReturnType<typeof createAdminDiscountsService>;
